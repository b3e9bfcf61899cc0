/* The compiled core of the perfect-information solver for the generic trick game (issue 30):
 * the same game as domain/solver/trick_game.py's TrickGame, searched as
 * domain/solver/search.py's Solver searches it (fail-soft zero-window tests with a table of
 * bounds keyed at a trick's start by relative rank, best move first, equal cards merged), with
 * more of DDS on top: quick tricks, the top trumps and the last trick as bounds, move ordering
 * by DDS's heuristics plus the last lead that cut off at the same depth, and value() by a
 * window search (PVS) rather than a series of tests. The values are the Python search's
 * exactly (tests/unit/test_solver_native.py). Plain C99 + the CPython C API.
 *
 * A position, as Python hands it over: (hands, trick, turn, rem, taken, drawn) with each hand
 * a bit set of cards (bit 16 * suit + strength), the trick a tuple of (seat, bit), rem the card
 * points still to be taken (by tricks: the cards not yet in a trick taken), taken the max
 * seat's tricks so far and drawn the cards drawn from the known stock.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif
#include "../_hugetable.h"

/* This file is built twice: as _trick, for any CPU, and included by _trick_v3.c, compiled for
 * x86-64 CPUs with POPCNT, BMI1, BMI2 and LZCNT (there __POPCNT__ and __BMI2__ are defined:
 * the hardware's popcount and pext). native.py loads _trick_v3 where _trick.fits_v3() says
 * the CPU has them. */
#ifndef TRICK_MODULE
#define TRICK_MODULE _trick
#define TRICK_TARGET "generic"
#endif
#define TRICK_STR_(x) #x
#define TRICK_STR(x) TRICK_STR_(x)
#define TRICK_CAT_(a, b) a##b
#define TRICK_CAT(a, b) TRICK_CAT_(a, b)

#define MAXN 8
#define MAXKW 8
#define BUCKET 4
#define START_BITS 16  /* a table's first size (2^16 entries) unless first_bits says: grow() */

typedef uint64_t u64;

typedef struct {
    u64 hands[MAXN];
    int8_t tseat[MAXN];
    int8_t tcard[MAXN];
    int ntrick, turn, rem, taken, drawn;
} Pos;

typedef struct {
    PyObject_HEAD
    int busy;          /* a search runs (without the GIL): refuse a second one */
    int n, must_trump, follow_suit, hand_size, trump, step;
    int team[MAXN];
    int points[64];
    int pclass[64], cbits, obits;
    int flat[4];       /* a suit whose cards are all of one points class: its canonical set
                        * is its count of cards, the highest ranks */
    int nstock;
    int8_t stock[64];
    u64 stock_left[65];
    int additive, nscores;
    int scores[64];
    int monotone;      /* scores never decrease with the max side's tricks: quick tricks */
    int single;        /* the max side's one seat, else -1: its trumps' tricks bound */
    int kw;            /* key words */
    int ew;            /* an entry's words (the key's and the data word) */
    int ranked;        /* entries keep only the ranks that mattered (see "winning ranks") */
    int xw;            /* ranked: the exact part's words (turn, tricks, lengths) */
    unsigned tick;     /* ranked: the stores so far (ties in a bucket's replacement go round) */
    u64 *atab;         /* ranked: the table of entries that keep only the ranks that mattered */
    uint8_t *atag;     /* ranked: per entry of it a byte of its exact part's hash (0: empty) */
    size_t acap, amask;
    int rbits;         /* bits of a suit's rank mask in a key */
    /* the table: cap entries in buckets of BUCKET, each kw key words and one data word (the
     * bounds, the best move, the cards left, a used bit: see DATA) */
    u64 *tab;
    size_t cap, mask, maxcap, used;  /* the table grows to maxcap entries (grow()) */
    int first_bits;                  /* its first size, and a questions' table's (2^bits) */
    int root_cards;    /* cards in the hands at the search's root: an entry with more is dead */
    int8_t killer[16][MAXN]; /* by tricks left and seat: the lead that last cut off */
    long long nodes;
} Core;

/* without -mpopcnt GCC calls libgcc's table-driven __popcountdi2 (a tenth of the time) */
static inline int popc(u64 x) {
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}
static inline int top(u64 x) { return 63 - __builtin_clzll(x); }
static inline int floordiv(int a, int b) { int q = a / b; if ((a % b) && ((a < 0) != (b < 0))) q--; return q; }
static inline int ceildiv(int a, int b) { return -floordiv(-a, b); }

/* -- the game ------------------------------------------------------------------------- */

static u64 legal_of(const Core *c, const Pos *s) {
    u64 hand = s->hands[s->turn];
    if (!s->ntrick || !c->follow_suit) return hand;
    u64 follow = hand & (0xFFFFULL << (16 * (s->tcard[0] >> 4)));
    if (follow) return follow;
    if (c->must_trump && c->trump >= 0) {
        u64 trumps = hand & (0xFFFFULL << (16 * c->trump));
        if (trumps) return trumps;
    }
    return hand;
}

/* the seat and card winning the trick so far */
static void winner(const Core *c, const Pos *s, int *seat, int *card) {
    int ws = s->tseat[0], wb = s->tcard[0];
    for (int i = 1; i < s->ntrick; i++) {
        int b = s->tcard[i], own = b >> 4, topsuit = wb >> 4;
        if ((own == topsuit && b > wb) || (own == c->trump && topsuit != c->trump)) {
            ws = s->tseat[i];
            wb = b;
        }
    }
    *seat = ws;
    *card = wb;
}

static void draw(const Core *c, Pos *s, int first) {
    int sizes[MAXN];
    for (int i = 0; i < c->n; i++) sizes[i] = popc(s->hands[i]);
    for (;;) {
        int any = 0;
        for (int i = 0; i < c->n; i++) if (sizes[i] < c->hand_size) any = 1;
        if (s->drawn >= c->nstock || !any) return;
        for (int k = 0; k < c->n; k++) {
            int seat = (first + k) % c->n;
            if (s->drawn < c->nstock && sizes[seat] < c->hand_size) {
                s->hands[seat] |= 1ULL << c->stock[s->drawn];
                sizes[seat]++;
                s->drawn++;
            }
        }
    }
}

/* plays card b in place; returns the gain */
static int play(const Core *c, Pos *s, int b) {
    s->hands[s->turn] &= ~(1ULL << b);
    s->tseat[s->ntrick] = (int8_t)s->turn;
    s->tcard[s->ntrick] = (int8_t)b;
    s->ntrick++;
    if (s->ntrick < c->n) {
        s->turn = (s->turn + 1) % c->n;
        return 0;
    }
    int seat, card;
    winner(c, s, &seat, &card);
    int pts = 0;
    if (c->additive)
        for (int i = 0; i < c->n; i++) pts += c->points[s->tcard[i]];
    s->ntrick = 0;
    s->turn = seat;
    if (s->drawn < c->nstock) draw(c, s, seat);
    if (!c->additive) {
        s->rem -= c->n;
        s->taken += c->team[seat];
        return 0;
    }
    s->rem -= pts;
    return c->team[seat] ? pts : 0;
}

/* Quick tricks (DDS's first bound), at a trick's start with no stock: the top cards of a
 * suit that the leader holds win one after the other, the leader keeping the lead, as long as
 * every seat that could ruff them (a trump in hand, an opponent or obliged to trump) follows
 * suit. The leader's top trumps first, which nothing beats, each round drawing a trump from
 * every seat that has one; then the other suits' rounds up to the shortest length in the suit
 * of a seat that could ruff and still holds a trump (following, such seats keep their other
 * suits and trumps). Returns the
 * tricks the leader's team surely takes; *pts: the card points surely in them (the leader's
 * cards, and each other seat's lowest cards, one a trick). */
static int quick(const Core *c, const Pos *s, int *pts, u64 *seen) {
    int lead = s->turn, team = c->team[lead], safe[4] = {16, 16, 16, 16};
    u64 every = 0, mine = s->hands[lead], won = 0;
    *pts = 0;
    for (int i = 0; i < c->n; i++) every |= s->hands[i];
    if (c->trump >= 0) {  /* a round of a suit is safe while each seat that could ruff follows */
        u64 trumps = 0xFFFFULL << (16 * c->trump), tl = (every & trumps) >> (16 * c->trump);
        int drawn = 0;  /* the top trumps, cashed first: each round draws a trump from each */
        while (tl && (mine >> (16 * c->trump + top(tl)) & 1)) { tl ^= 1ULL << top(tl); drawn++; }
        if (seen) *seen |= (((every & trumps) >> (16 * c->trump)) & ~tl & 0xFFFF) << (16 * c->trump)
                           | (tl ? 1ULL << (16 * c->trump + top(tl)) : 0);
        for (int i = 0; i < c->n; i++)
            if (i != lead && popc(s->hands[i] & trumps) > drawn
                && (c->team[i] != team || c->must_trump))
                for (int suit = 0; suit < 4; suit++) {
                    int len = popc(s->hands[i] & (0xFFFFULL << (16 * suit)));
                    if (suit != c->trump && len < safe[suit]) safe[suit] = len;
                }
    }
    int q = 0;
    for (int suit = 0; suit < 4; suit++) {  /* the top trumps, each other suit's safe rounds */
        u64 left = (every >> (16 * suit)) & 0xFFFF;
        for (int round = 0; left && round < safe[suit]; round++) {
            int b = top(left);
            if (seen) *seen |= 1ULL << (16 * suit + b);
            if (!((mine >> (16 * suit + b)) & 1)) break;
            left ^= 1ULL << b;
            won |= 1ULL << (16 * suit + b);
            q++;
        }
    }
    if (!q || !c->additive) return q;
    while (won) { int b = top(won); won ^= 1ULL << b; *pts += c->points[b]; }
    for (int i = 0; i < c->n; i++) {
        if (i == lead) continue;
        int low[64], k = 0;
        u64 h = s->hands[i];
        while (h) { int b = top(h); h ^= 1ULL << b; low[k++] = c->points[b]; }
        for (int j = 0; j < q && j < k; j++) {  /* the q lowest, by selection */
            int m = j;
            for (int x = j + 1; x < k; x++) if (low[x] < low[m]) m = x;
            int t = low[j]; low[j] = low[m]; low[m] = t;
            *pts += low[j];
        }
    }
    return q;
}

/* The top trumps left that one side holds, each sure to win its trick (only a higher trump,
 * the same side's, beats it): *pts their points, *count the most one seat holds (the side's
 * tricks among them); returns the side (1: the max side's, 0: the other's, -1: none). */
static int top_trumps(const Core *c, const Pos *s, int *pts, int *count, u64 *seen) {
    int per[MAXN] = {0}, side = -1;
    *pts = *count = 0;
    if (c->trump < 0) return -1;
    u64 every = 0, tmask = 0xFFFFULL << (16 * c->trump);
    for (int i = 0; i < c->n; i++) every |= s->hands[i];
    u64 left = every & tmask;
    while (left) {
        int b = top(left), owner = 0;
        left ^= 1ULL << b;
        if (seen) *seen |= 1ULL << b;
        while (!((s->hands[owner] >> b) & 1)) owner++;
        if (side >= 0 && c->team[owner] != side) break;
        side = c->team[owner];
        *pts += c->points[b];
        if (++per[owner] > *count) *count = per[owner];
    }
    return side;
}

/* the last trick, one card a hand, played out: the max side's future value */
static int last_trick(const Core *c, const Pos *s) {
    Pos t = *s;
    int gain = 0;
    for (int i = 0; i < c->n; i++) gain += play(c, &t, top(t.hands[t.turn]));
    return c->additive ? gain : c->scores[t.taken];
}

/* The tricks a max side of one seat surely takes with its trumps, however anyone plays: its
 * trump loses only to a higher trump in the same trick, an opponent's, each in one trick, so
 * at most as many lose as the opponents' higher trumps can be matched to them one to one
 * (the most such pairs: each of its trumps, highest first, to the highest trump left above
 * it). */
static int trump_tricks(const Core *c, const Pos *s) {
    u64 mine = (s->hands[c->single] >> (16 * c->trump)) & 0xFFFF, theirs = 0;
    for (int i = 0; i < c->n; i++)
        if (i != c->single) theirs |= (s->hands[i] >> (16 * c->trump)) & 0xFFFF;
    int wins = popc(mine);
    while (mine && theirs) {
        int x = top(mine);
        mine ^= 1ULL << x;
        if (top(theirs) > x) { theirs ^= 1ULL << top(theirs); wins--; }
    }
    return wins;
}

/* Score ranks: the max side's final trick count. Whatever is played it ends in [*a0, *b0]
 * (the top trumps win their tricks however they are played); the leader's quick tricks are
 * only his side's to cash, so they narrow the range that side keeps it in alone: the max side
 * keeps it in [*a, *b0], the others in [*a0, *b]. (Scores need not rise with the tricks: a
 * seat that bid none may rather keep its sure winners to throw them away, so its cashing them
 * bounds nothing above.) Exact on the last trick. */
static void count_range(const Core *c, const Pos *s, int *a0, int *b0, int *a, int *b) {
    int q = 0, pts = 0, maxi = c->team[s->turn], tp = 0, tc = 0, ts = -1;
    int left = (s->rem + c->n - 1) / c->n;
    if (!s->ntrick && s->drawn == c->nstock) {
        if (popc(s->hands[s->turn]) == 1) {
            Pos t = *s;
            for (int i = 0; i < c->n; i++) play(c, &t, top(t.hands[t.turn]));
            *a0 = *b0 = *a = *b = t.taken;
            return;
        }
        if (c->follow_suit) q = quick(c, s, &pts, NULL);
        ts = top_trumps(c, s, &tp, &tc, NULL);
    }
    *a0 = s->taken;
    *b0 = s->taken + left;
    if (ts == 1 && s->taken + tc > *a0) *a0 = s->taken + tc;
    if (ts >= 0 && c->single >= 0) {
        int w = s->taken + trump_tricks(c, s);
        if (w > *a0) *a0 = w;
    }
    if (ts == 0 && s->taken + left - tc < *b0) *b0 = s->taken + left - tc;
    *a = maxi && s->taken + q > *a0 ? s->taken + q : *a0;
    *b = !maxi && s->taken + left - q < *b0 ? s->taken + left - q : *b0;
}

/* the range of the max side's future value: its card points still to take, or the scores of
 * the trick counts it can still reach; at a trick's start with no stock left exact on the
 * last trick, else narrowed by quick tricks and the top trumps */
static void bounds(const Core *c, const Pos *s, int *lo, int *hi) {
    if (!c->additive) {
        int a0, b0, a, b;
        count_range(c, s, &a0, &b0, &a, &b);
        int mn = c->scores[b0], mx = c->scores[a0];
        for (int t = a; t <= b0; t++) if (c->scores[t] < mn) mn = c->scores[t];
        for (int t = a0; t <= b; t++) if (c->scores[t] > mx) mx = c->scores[t];
        *lo = mn;
        *hi = mx;
        return;
    }
    int q = 0, pts = 0, maxi = c->team[s->turn], tp = 0, tc = 0, ts = -1;
    if (!s->ntrick && s->drawn == c->nstock) {
        if (popc(s->hands[s->turn]) == 1) {
            *lo = *hi = last_trick(c, s);
            return;
        }
        if (c->follow_suit) q = quick(c, s, &pts, NULL);
        ts = top_trumps(c, s, &tp, &tc, NULL);
    }
    *lo = q && maxi ? pts : 0;
    *hi = q && !maxi ? s->rem - pts : s->rem;
    if (ts == 1 && tp > *lo) *lo = tp;
    if (ts == 0 && s->rem - tp < *hi) *hi = s->rem - tp;
}

/* the legal cards' classes of equals, one representative (the highest) each */
static int groups(const Core *c, const Pos *s, int *reps) {
    u64 legal = legal_of(c, s), others = 0;
    for (int i = 0; i < c->n; i++) others |= s->hands[i];
    others = (others & ~s->hands[s->turn]) | c->stock_left[s->drawn];
    /* the trick's cards split too: the king over the partner's queen wins it, the jack not */
    for (int i = 0; i < s->ntrick; i++) others |= 1ULL << s->tcard[i];
    int k = 0, prev = -1;
    while (legal) {
        int b = top(legal);
        legal ^= 1ULL << b;
        if (!(prev >= 0 && (prev >> 4) == (b >> 4) && c->points[prev] == c->points[b]
              && !(others & ((1ULL << prev) - (1ULL << (b + 1))))))
            reps[k++] = b;
        prev = b;
    }
    return k;
}

/* -- move ordering: DDS's ideas (cash sure winners, lead to the partner's winner, second
 * hand low, win cheaply where the win holds, smear points on a trick the side holds) ---- */

static inline u64 suit_mask(int suit) { return 0xFFFFULL << (16 * suit); }

/* whether card x, played to a trick that card w wins so far, takes it over */
static inline int beats(const Core *c, int x, int w) {
    return (x >> 4) == (w >> 4) ? x > w : (x >> 4) == c->trump;
}

/* whether seat could take over a trick led in suit led that card w wins so far */
static int can_beat(const Core *c, const Pos *s, int seat, int led, int w) {
    u64 hand = s->hands[seat], legal = hand;
    if (c->follow_suit) {
        u64 follow = hand & suit_mask(led), trumps = c->trump >= 0 ? hand & suit_mask(c->trump) : 0;
        if (follow) legal = follow;
        else if (c->must_trump && trumps) legal = trumps;
    }
    u64 above = suit_mask(w >> 4) & ~((2ULL << w) - 1);
    if (legal & above) return 1;
    return c->trump >= 0 && (w >> 4) != c->trump && (legal & suit_mask(c->trump));
}

/* whether an opponent of team among the next count seats after seat could take over */
static int beaten_later(const Core *c, const Pos *s, int seat, int count, int led, int w) {
    int team = c->team[seat];
    for (int k = 1; k <= count; k++) {
        int o = (seat + k) % c->n;
        if (c->team[o] != team && can_beat(c, s, o, led, w)) return 1;
    }
    return 0;
}

/* a lead's score (lower first): a sure winner, the richest first; a low card to the
 * partner's winner; else the lowest, trumps last */
static int lead_score(const Core *c, const Pos *s, int b) {
    int me = s->turn, suit = b >> 4;
    if (!beaten_later(c, s, me, c->n - 1, suit, b)) return -c->points[b] * 16 - (b & 15);
    u64 others = 0;
    for (int i = 0; i < c->n; i++) if (i != me) others |= s->hands[i];
    others &= suit_mask(suit);
    if (others) {
        int t = top(others), owner = 0;
        while (!((s->hands[owner] >> t) & 1)) owner++;
        if (c->team[owner] == c->team[me]
            && !beaten_later(c, s, owner, c->n - 1, suit, t))
            return 1000 + c->points[b] * 16 + (b & 15);
    }
    return 2000 + (suit == c->trump) * 1000 + c->points[b] * 16 + (b & 15);
}

/* a follower's score (lower first) */
static int follow_score(const Core *c, const Pos *s, int b, int ws, int wb, int partner_later) {
    int me = s->turn, led = s->tcard[0] >> 4, later = c->n - 1 - s->ntrick;
    int pts = c->points[b] * 16, rank = b & 15;
    int wins = beats(c, b, wb), holds = wins && !beaten_later(c, s, me, later, led, b);
    if (c->team[ws] == c->team[me] && !beaten_later(c, s, me, later, led, wb))
        return wins ? 10000 + rank : -pts + rank;  /* the side holds it: smear */
    if (holds) return ((b >> 4) != led) * 32 + rank;
    if (!wins) return 5000 + pts + rank;
    return (partner_later ? 7000 : 3000) + rank;
}

/* the moves, most promising first */
static int moves(const Core *c, const Pos *s, int *out) {
    int k = groups(c, s, out);
    int score[64];
    if (!s->ntrick) {
        for (int i = 0; i < k; i++) score[i] = lead_score(c, s, out[i]);
    } else {
        int ws, wb, partner_later = 0;
        winner(c, s, &ws, &wb);
        for (int j = 1; j < c->n - s->ntrick; j++)
            if (c->team[(s->turn + j) % c->n] == c->team[s->turn]) partner_later = 1;
        for (int i = 0; i < k; i++) score[i] = follow_score(c, s, out[i], ws, wb, partner_later);
    }
    for (int i = 1; i < k; i++) {  /* insertion sort, stable */
        int m = out[i], v = score[i], j = i - 1;
        while (j >= 0 && score[j] > v) {
            out[j + 1] = out[j];
            score[j + 1] = score[j];
            j--;
        }
        out[j + 1] = m;
        score[j + 1] = v;
    }
    return k;
}

/* -- the table ------------------------------------------------------------------------ */

typedef struct { u64 w[MAXKW]; } Key;

static uint8_t pext4[16][16];  /* pext4[x][m]: the bits of x where m has one, packed low */

static void pext4_init(void) {
    for (int x = 0; x < 16; x++)
        for (int m = 0; m < 16; m++) {
            int out = 0, at = 0;
            for (int i = 0; i < 4; i++)
                if (m >> i & 1) out |= (x >> i & 1) << at++;
            pext4[x][m] = (uint8_t)out;
        }
}

/* the bits of x (16 bits) where m has one, packed low in order (BMI2's pext, portably) */
static inline u64 compress16(u64 x, u64 m) {
#ifdef __BMI2__
    return _pext_u64(x & 0xFFFF, m & 0xFFFF);
#else
    u64 out = 0;
    int at = 0;
    for (int i = 0; i < 16; i += 4) {
        int mm = (int)(m >> i) & 15;
        out |= (u64)pext4[(x >> i) & 15][mm] << at;
        at += popc((u64)mm);
    }
    return out;
#endif
}

static void put_bits(Key *k, int *at, u64 value, int bits) {
    if (!bits) return;
    int word = *at >> 6, off = *at & 63;
    k->w[word] |= value << off;
    if (off + bits > 64) k->w[word + 1] |= value >> (64 - off);
    *at += bits;
}

/* At a trick's start: the hands by relative rank (DDS's trick: positions that differ only in
 * which cards of equal points are gone between the ones left share an entry). Each suit as the
 * canonical set of its cards left (the highest ranks with the same points classes, highest
 * first: a set of rank bits, one per card left) and the owner of each card, highest first;
 * with a stock the exact hands and the cards drawn. */
static void make_key(const Core *c, const Pos *s, Key *k) {
    memset(k, 0, sizeof *k);
    int at = 0;
    put_bits(k, &at, (u64)s->turn, c->obits);
    if (!c->additive) put_bits(k, &at, (u64)s->taken, 6);
    if (c->nstock) {
        put_bits(k, &at, (u64)s->drawn, 7);
        for (int i = 0; i < c->n; i++) k->w[1 + i] = s->hands[i];
        return;
    }
    u64 every = 0, own[3] = {0, 0, 0};  /* own[j]: the cards whose owner has bit j set */
    for (int i = 0; i < c->n; i++) {
        every |= s->hands[i];
        for (int j = 0; j < c->obits; j++) if (i >> j & 1) own[j] |= s->hands[i];
    }
    for (int suit = 0; suit < 4; suit++) {
        u64 left = (every >> (16 * suit)) & 0xFFFF, canon = 0, cards = left;
        const int *cls = c->pclass + 16 * suit;
        int r = c->rbits - 1, count = popc(left);
        if (c->flat[suit]) canon = ((1ULL << count) - 1) << (c->rbits - count);
        while (!c->flat[suit] && cards) {
            int b = top(cards);
            cards ^= 1ULL << b;
            while (cls[r] != cls[b]) r--;  /* found at b at the latest */
            canon |= 1ULL << r--;
        }
        put_bits(k, &at, canon, c->rbits);
        for (int j = 0; j < c->obits; j++)  /* the owners' bit j, card by card */
            put_bits(k, &at, compress16((own[j] >> (16 * suit)) & 0xFFFF, left), count);
    }
}

/* whether an entry's key is w (kw words, a handful: a loop the compiler unrolls, not a call to
 * memcmp, 2.5% of a whist hand's auction) */
static inline int same_key(const u64 *e, const u64 *w, int kw) {
    for (int i = 0; i < kw; i++)
        if (e[i] != w[i]) return 0;
    return 1;
}

/* the first slot of the bucket of the key w (kw words) in a table of mask + 1 entries */
static size_t bucket_of(const u64 *w, int kw, size_t mask) {
    u64 h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < kw; i++) {
        h ^= w[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    return (size_t)(h & mask) & ~(size_t)(BUCKET - 1);
}

static size_t hash_key(const Core *c, const Key *k) { return bucket_of(k->w, c->kw, c->mask); }

/* an entry's data word: lo and hi (16 bits each), the best move (8), the cards left (8), used */
#define E_LO(d) ((int)(int16_t)((d) & 0xFFFF))
#define E_HI(d) ((int)(int16_t)(((d) >> 16) & 0xFFFF))
#define E_BEST(d) ((int)(int8_t)(((d) >> 32) & 0xFF))
#define E_CARDS(d) ((int)(((d) >> 40) & 0x7F))
#define E_USED (1ULL << 47)
#define E_REL(d) ((unsigned)((d) >> 48))  /* ranked: per suit its unkept low cards, 4 bits */

static u64 data_word(int lo, int hi, int best, int cards) {
    return (u64)(uint16_t)lo | (u64)(uint16_t)hi << 16 | (u64)(uint8_t)best << 32
           | (u64)(cards & 0x7F) << 40 | E_USED;
}

static inline u64 *entry(const Core *c, size_t i) { return c->tab + i * c->ew; }

/* the entry's data word (NULL: not in the table) */
static u64 *find(const Core *c, const Key *k) {
    size_t base = hash_key(c, k);
    for (size_t i = base; i < base + BUCKET; i++) {
        u64 *e = entry(c, i);
        if ((e[c->kw] & E_USED) && same_key(e, k->w, c->kw)) return e + c->kw;
    }
    return NULL;
}

static int cards_of(const Core *c, const Pos *s) {
    int n = 0;
    for (int i = 0; i < c->n; i++) n += popc(s->hands[i]);
    return n;
}

/* A table of entries of ew words (the key's kw words, then a data word with E_USED) twice as
 * large as *tab, the used entries moved into it (one whose bucket is full is dropped) and the
 * old one freed: *tab, *mask and *used follow. 0: no memory, the table stays.
 * Tables start small and grow when half full, up to the size asked for: most searches fill a
 * fraction of it, and every page of a fresh table costs the kernel's zeroing at its first touch
 * (a hash spreads even a few entries over every page). */
static int doubled(u64 **tab, size_t *mask, size_t *used, int ew, int kw) {
    size_t oldcap = *mask + 1, cap = 2 * oldcap, moved = 0;
    u64 *old = *tab, *to = table_new(cap * ew * sizeof(u64));
    if (!to) return 0;
    for (size_t i = 0; i < oldcap; i++) {
        const u64 *e = old + i * ew;
        if (!(e[kw] & E_USED)) continue;
        size_t base = bucket_of(e, kw, cap - 1);
        for (size_t j = base; j < base + BUCKET; j++)
            if (!(to[j * ew + kw] & E_USED)) {
                memcpy(to + j * ew, e, sizeof(u64) * ew);
                moved++;
                break;
            }
    }
    table_free(old, oldcap * ew * sizeof(u64));
    *tab = to, *mask = cap - 1, *used = moved;
    return 1;
}

static int grow(Core *c) {
    if (!doubled(&c->tab, &c->mask, &c->used, c->ew, c->kw)) return 0;
    c->cap = c->mask + 1;
    return 1;
}

/* A new entry takes an empty slot, else one no later position can reach (more cards than the
 * search's root), else the one with the fewest cards left (the cheapest to search again). */
static u64 *slot_for(Core *c, const Key *k) {
    if (2 * c->used >= c->cap && c->cap < c->maxcap && !grow(c)) c->maxcap = c->cap;
    size_t base = hash_key(c, k), pick = base;
    int worst = 1 << 20;
    for (size_t i = base; i < base + BUCKET; i++) {
        u64 d = entry(c, i)[c->kw];
        int cost = !(d & E_USED) ? -2 : E_CARDS(d) > c->root_cards ? -1 : E_CARDS(d);
        if (cost < worst) { worst = cost; pick = i; }
    }
    u64 *e = entry(c, pick);
    c->used += worst == -2;
    memcpy(e, k->w, sizeof(u64) * c->kw);
    e[c->kw] = 0;
    return e + c->kw;
}

/* an entry's data word with one more test's result: at least result where it reached the
 * target, else at most result; the best move where one is given */
static u64 merged(u64 d, int target, int result, int bestm, int cards) {
    int elo = E_LO(d), ehi = E_HI(d), eb = E_BEST(d);
    if (result >= target) { if (result > elo) elo = result; }
    else if (result < ehi) ehi = result;
    if (bestm >= 0) eb = bestm;
    return data_word(elo, ehi, eb, cards);
}

static void store(Core *c, const Key *k, const Pos *s, int target, int result, int bestm,
                  int lo, int hi) {
    u64 *d = find(c, k);
    int cards = cards_of(c, s);
    if (!d) {
        d = slot_for(c, k);
        *d = data_word(lo, hi, -1, cards);
    }
    *d = merged(*d, target, result, bestm, cards);
}

/* The best move as the table keeps it: with relative keys its suit and how many cards of the
 * suit left rank above it (an equivalent position holds other cards), else the card. */
static int to_rank(const Pos *s, const Core *c, int b) {
    if (b < 0 || c->nstock) return b;
    u64 every = 0;
    for (int i = 0; i < c->n; i++) every |= s->hands[i];
    u64 above = every & (0xFFFFULL << (16 * (b >> 4))) & ~((2ULL << b) - 1);
    return 16 * (b >> 4) + popc(above);
}

static int from_rank(const Pos *s, const Core *c, int r) {
    if (r < 0 || c->nstock) return r;
    u64 every = 0;
    for (int i = 0; i < c->n; i++) every |= s->hands[i];
    u64 left = (every >> (16 * (r >> 4))) & 0xFFFF;
    for (int j = 0; j < (r & 15) && left; j++) left ^= 1ULL << top(left);
    return left ? 16 * (r >> 4) + top(left) : -1;
}

/* -- the search ----------------------------------------------------------------------- */

#ifdef STATS
static long long st_cut[MAXN][8], st_all[MAXN], st_moves[MAXN];
#define STAT(x) x
static void stats_print(void) {
    for (int p = 0; p < 4; p++) {
        fprintf(stderr, "pos %d: all-nodes %lld (avg moves %.2f) cuts:", p, st_all[p],
                st_all[p] ? (double)st_moves[p] / st_all[p] : 0.0);
        for (int i = 0; i < 8; i++) fprintf(stderr, " %lld", st_cut[p][i]);
        fprintf(stderr, "\n");
    }
    memset(st_cut, 0, sizeof st_cut); memset(st_all, 0, sizeof st_all); memset(st_moves, 0, sizeof st_moves);
}
#else
#define STAT(x)
#endif

/* the moves of s, the table's best move (hint) first */
static int ordered(const Core *c, const Pos *s, int hint, int *mv) {
    int k = moves(c, s, mv);
    if (hint >= 0)
        for (int i = 1; i < k; i++)
            if (mv[i] == hint) { memmove(mv + 1, mv, sizeof(int) * i); mv[0] = hint; break; }
    return k;
}

static int test(Core *c, const Pos *s, int target) {
    int lo, hi;
    bounds(c, s, &lo, &hi);
    if (target <= lo) return lo;
    if (target > hi) return hi;
    c->nodes++;
    Key key;
    int hint = -1;
    if (!s->ntrick) {
        make_key(c, s, &key);
        const u64 *d = find(c, &key);
        if (d) {
            int elo = E_LO(*d), ehi = E_HI(*d);
            if (target <= elo) return elo;
            if (target > ehi) return ehi;
            if (elo > lo) lo = elo;
            if (ehi < hi) hi = ehi;
            hint = from_rank(s, c, E_BEST(*d));
        }
    }
    int maxi = c->team[s->turn];
    int mv[64], tl = popc(s->hands[s->turn]) & 15;
    if (hint < 0 && !s->ntrick && (c->additive || c->monotone)) hint = c->killer[tl][s->turn];
    int k = ordered(c, s, hint, mv);
    int result = 0, have = 0, bestm = -1;
    for (int i = 0; i < k; i++) {
        Pos child = *s;
        int gain = play(c, &child, mv[i]);
        int g = gain + test(c, &child, target - gain);
        if ((g >= target) == maxi) {
            STAT(st_cut[s->ntrick][i < 7 ? i : 7]++);
            result = g; bestm = mv[i]; have = 2;
            if (!s->ntrick) c->killer[tl][s->turn] = (int8_t)mv[i];
            break;
        }
        if (!have || (maxi ? g > result : g < result)) { result = g; have = 1; }
    }
    STAT(if (have != 2) { st_all[s->ntrick]++; st_moves[s->ntrick] += k; })
    if (result < lo) result = lo;
    if (result > hi) result = hi;
    if (!s->ntrick) store(c, &key, s, target, result, to_rank(s, c, bestm), lo, hi);
    return result;
}

static int window(Core *c, const Pos *s, int alpha, int beta);

/* The moves' bound in a window: the first move searched with it, each other one first by a
 * zero-window test against the best so far, searched again only where it passes (PVS). */
static int window_moves(Core *c, const Pos *s, int a, int b, int hint, int *bestm) {
    int mv[64], maxi = c->team[s->turn], k = ordered(c, s, hint, mv);
    int best = maxi ? -(1 << 20) : 1 << 20;
    for (int i = 0; i < k; i++) {
        Pos child = *s;
        int gain = play(c, &child, mv[i]), g;
        if (i == 0) {
            g = gain + window(c, &child, a - gain, b - gain);
        } else if (maxi) {
            int bar = best > a ? best : a;
            g = gain + test(c, &child, bar + 1 - gain);
            if (g > bar && g < b) g = gain + window(c, &child, g - 1 - gain, b - gain);
        } else {
            int bar = best < b ? best : b;
            g = gain + test(c, &child, bar - gain);
            if (g < bar && g > a) g = gain + window(c, &child, a - gain, g + 1 - gain);
        }
        if (maxi ? g > best : g < best) { best = g; *bestm = mv[i]; }
        if (maxi ? best >= b : best <= a) break;
    }
    return best;
}

/* Alpha-beta in a window (alpha < beta), fail-soft: a result g <= alpha means the value is
 * at most g, g >= beta at least g, else it is exactly g. */
static int window(Core *c, const Pos *s, int alpha, int beta) {
    if (beta - alpha <= 1) return test(c, s, beta);
    int lo, hi, hint = -1;
    bounds(c, s, &lo, &hi);
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    c->nodes++;
    Key key;
    if (!s->ntrick) {
        make_key(c, s, &key);
        const u64 *d = find(c, &key);
        if (d) {
            int elo = E_LO(*d), ehi = E_HI(*d);
            if (elo >= beta || elo == ehi) return elo;
            if (ehi <= alpha) return ehi;
            if (elo > lo) lo = elo;
            if (ehi < hi) hi = ehi;
            hint = from_rank(s, c, E_BEST(*d));
        }
    }
    int a = alpha > lo - 1 ? alpha : lo - 1, b = beta < hi + 1 ? beta : hi + 1, bestm = -1;
    if (b - a <= 1) return test(c, s, b);
    int result = window_moves(c, s, a, b, hint, &bestm);
    if (result < lo) result = lo;
    if (result > hi) result = hi;
    if (!s->ntrick) {
        int r = to_rank(s, c, bestm);
        if (result > a) store(c, &key, s, result, result, r, lo, hi);     /* at least */
        if (result < b) store(c, &key, s, result + 1, result, r, lo, hi); /* at most */
    }
    return result;
}

/* -- winning ranks (DDS's partition search), for trick counts with no stock and suits of one
 * points class (whist, bridge): a search's result also says which cards' ranks it rested on,
 * as a set of cards whose lowest card in each suit stands for every card of the suit at or
 * above it. A table entry keeps the exact part (the seat to lead, the max side's tricks, each
 * hand's length in each suit) and, per suit, the owners of the cards from the top down to the
 * lowest that mattered; it serves every position that agrees on those. Why that is sound: two
 * such positions differ only in which hand holds each low card (below every card that
 * mattered) of a suit, each hand holding as many; a bijection of each hand's low cards of a
 * suit maps the legal moves and tricks of one onto the other, and a trick's winner is the
 * same wherever no low card wins by rank over a card of its own suit (a trick's winner that
 * beat a card of its suit is made to matter). What mattered: at a completed trick its winner
 * if it beat a card of its suit; a bound that cut, the cards it looked at (the quick tricks'
 * top cards down to the first not the leader's, the top trumps down to the first of the other
 * side, every trump for the lone seat's trump tricks); a table hit, the entry's; a cut-off,
 * the child's that cut; an all-node, every child's, widened so that no class of equal cards
 * merged into one move spans the lowest card that mattered (each low move of the other
 * position is then one the search tried).
 * Two tables: the exact one (every game's key and entry, the entry also keeping per suit how
 * many low cards did not matter), probed first, and one of entries that keep only the ranks
 * that mattered, hashed by the exact part alone (so a bucket is big: one exact part's
 * positions all meet there), probed where the first does not settle the question. A result
 * goes to both. ---- */

#define RBUCKET 64  /* a bucket's entries: every position of one exact part hashes to one */
#define ABITS 3     /* this table has 2^ABITS times fewer entries than the exact one */
#define RNONE 32000 /* an entry's bound not known yet */
#define RFIELD 0x0000FFFFFFFFFFFFULL

static u64 spread_tab[4][256];  /* spread_tab[o][x]: bit i of x at bit o * i */

static void spread_init(void) {
    for (int o = 1; o <= 3; o++)
        for (int x = 0; x < 256; x++) {
            u64 out = 0;
            for (int i = 0; i < 8; i++) if (x >> i & 1) out |= 1ULL << (o * i);
            spread_tab[o][x] = out;
        }
}

typedef struct {
    Key x;          /* the exact part: turn, the max side's tricks, each hand's suit lengths */
    u64 f[4];       /* per suit its cards' owners, obits bits each, the lowest card lowest */
    int count[4];   /* per suit the cards left */
    size_t base;    /* the bucket */
    uint8_t tag;    /* a byte of the exact part's hash, never 0: its entries' tags */
    int ready;      /* made (it is made only where needed) */
} RKey;

static void make_rkey(const Core *c, const Pos *s, RKey *k) {
    memset(k, 0, sizeof *k);
    int at = 0, o = c->obits;
    put_bits(&k->x, &at, (u64)s->turn, o);
    put_bits(&k->x, &at, (u64)s->taken, 6);
    u64 every = 0, own[3] = {0, 0, 0};
    for (int i = 0; i < c->n; i++) {
        every |= s->hands[i];
        for (int j = 0; j < o; j++) if (i >> j & 1) own[j] |= s->hands[i];
        for (int suit = 0; suit < 4; suit++)
            put_bits(&k->x, &at, (u64)popc(s->hands[i] & suit_mask(suit)), 5);
    }
    u64 h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < c->xw; i++) {
        h ^= k->x.w[i];
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    for (int suit = 0; suit < 4; suit++) {
        u64 left = (every >> (16 * suit)) & 0xFFFF, f = 0;
        for (int j = 0; j < o; j++) {
            u64 p = compress16((own[j] >> (16 * suit)) & 0xFFFF, left);
            f |= (spread_tab[o][p & 0xFF] | spread_tab[o][p >> 8] << (8 * o)) << j;
        }
        k->f[suit] = f;
        k->count[suit] = popc(left);
        h ^= (u64)suit;
        h *= 0xBF58476D1CE4E5B9ULL;
        h ^= h >> 31;
    }
    k->base = (size_t)(h & c->amask) & ~(size_t)(RBUCKET - 1);
    k->tag = (uint8_t)((h >> 56) | 1);
    k->ready = 1;
}

/* whether entry e serves the position of key k: the exact part equal, and in each suit the
 * owners of the cards above its m lowest (m kept in the pattern word's top byte) */
static inline u64 *aentry(const Core *c, size_t i) { return c->atab + i * (c->xw + 5); }

static inline int rmatch(const Core *c, const u64 *e, const RKey *k) {
    if (!(e[c->xw + 4] & E_USED)) return 0;
    for (int i = 0; i < c->xw; i++) if (e[i] != k->x.w[i]) return 0;
    for (int suit = 0; suit < 4; suit++) {
        u64 p = e[c->xw + suit];
        if (((p ^ k->f[suit]) & RFIELD) >> (c->obits * (int)(p >> 56))) return 0;
    }
    return 1;
}

/* the cards that mattered to entry e, in position s: per suit its lowest kept card */
static u64 entry_rel(const Core *c, const u64 *e, const Pos *s) {
    u64 every = 0, rel = 0;
    for (int i = 0; i < c->n; i++) every |= s->hands[i];
    for (int suit = 0; suit < 4; suit++) {
        int m = (int)(e[c->xw + suit] >> 56);
        u64 left = (every >> (16 * suit)) & 0xFFFF;
        for (int j = 0; j < m && left; j++) left &= left - 1;
        if (left) rel |= (left & (~left + 1)) << (16 * suit);
    }
    return rel;
}

typedef struct { int lo, hi, best; const u64 *elo, *ehi; } Probe;

/* the bounds of every entry that serves the position (0: none does) */
static int rprobe(const Core *c, const RKey *k, Probe *p) {
    int found = 0, most = -1;
    p->lo = -RNONE;
    p->hi = RNONE;
    p->best = -1;
    p->elo = p->ehi = NULL;
    for (size_t i = k->base; i < k->base + RBUCKET; i++) {
        if (c->atag[i] != k->tag) continue;
        const u64 *e = aentry(c, i);
        if (!rmatch(c, e, k)) continue;
        u64 d = e[c->xw + 4];
        found = 1;
        if (E_LO(d) > p->lo) { p->lo = E_LO(d); p->elo = e; }
        if (E_HI(d) < p->hi) { p->hi = E_HI(d); p->ehi = e; }
        int low = 0;  /* the best move of the most particular entry */
        for (int suit = 0; suit < 4; suit++) low += (int)(e[c->xw + suit] >> 56);
        if (E_BEST(d) >= 0 && 64 - low > most) { most = 64 - low; p->best = E_BEST(d); }
    }
    return found;
}

static void rstore(Core *c, const RKey *k, const Pos *s, int target, int result, int bestm,
                   u64 rel) {
    u64 pat[4], every = 0;
    int unkept = 0;
    for (int i = 0; i < c->n; i++) every |= s->hands[i];
    for (int suit = 0; suit < 4; suit++) {
        int cnt = k->count[suit];
        u64 r = (rel >> (16 * suit)) & 0xFFFF, left = (every >> (16 * suit)) & 0xFFFF;
        int m = r ? popc(left & ((1ULL << __builtin_ctzll(r)) - 1)) : cnt;
        pat[suit] = (k->f[suit] & ~((1ULL << (c->obits * m)) - 1)) | (u64)m << 56;
        unkept += m;
    }
    if (!unkept) return;  /* every card mattered: the exact entry says it all */
    size_t pick = k->base, start = (size_t)(c->tick++ & (RBUCKET - 1));
    int worst = 1 << 20, xw = c->xw;
    u64 *d = NULL;
    for (size_t j = 0; j < RBUCKET && !d; j++) {  /* ties go round the bucket */
        size_t i = k->base + ((start + j) & (RBUCKET - 1));
        uint8_t t = c->atag[i];
        if (t == k->tag) {
            u64 *e = aentry(c, i);
            if (!memcmp(e, k->x.w, sizeof(u64) * xw) && !memcmp(e + xw, pat, sizeof pat)) {
                d = e + xw + 4;
                break;
            }
        }
        if (!t && worst > -2) { worst = -2; pick = i; }  /* an empty slot, else round robin */
        else if (worst > -1) { worst = -1; pick = i; }
    }
    int cards = cards_of(c, s);
    if (!d) {
        u64 *e = aentry(c, pick);
        c->atag[pick] = k->tag;
        memcpy(e, k->x.w, sizeof(u64) * xw);
        memcpy(e + xw, pat, sizeof pat);
        d = e + xw + 4;
        *d = data_word(-RNONE, RNONE, -1, cards);
    }
    *d = merged(*d, target, result, bestm, cards);
}

/* a completed trick's cards: its winner if it beat a card of its own suit (its rank mattered) */
static u64 won_by_rank(const Core *c, const int8_t *cards, int k) {
    int w = cards[0];
    for (int i = 1; i < k; i++) if (beats(c, cards[i], w)) w = cards[i];
    for (int i = 0; i < k; i++)
        if (cards[i] != w && (cards[i] >> 4) == (w >> 4)) return 1ULL << w;
    return 0;
}

/* The exact table's entries (keyed as every game's) keep the cards that mattered too: per
 * suit how many low cards did not (4 bits each, 15 at most), the union over its bounds. */
static unsigned rel_low(const Core *c, const Pos *s, u64 rel) {
    u64 every = 0;
    unsigned out = 0;
    for (int i = 0; i < c->n; i++) every |= s->hands[i];
    for (int suit = 0; suit < 4; suit++) {
        u64 r = (rel >> (16 * suit)) & 0xFFFF, left = (every >> (16 * suit)) & 0xFFFF;
        int m = r ? popc(left & ((1ULL << __builtin_ctzll(r)) - 1)) : popc(left);
        out |= (unsigned)(m < 15 ? m : 15) << (4 * suit);
    }
    return out;
}

static u64 low_rel(const Core *c, const Pos *s, unsigned low) {
    u64 every = 0, rel = 0;
    for (int i = 0; i < c->n; i++) every |= s->hands[i];
    for (int suit = 0; suit < 4; suit++) {
        int m = (int)(low >> (4 * suit)) & 15;
        u64 left = (every >> (16 * suit)) & 0xFFFF;
        for (int j = 0; j < m && left; j++) left &= left - 1;
        if (left) rel |= (left & (~left + 1)) << (16 * suit);
    }
    return rel;
}

typedef struct { int lo, hi, best; u64 rlo, rhi; } Look;

/* both tables' bounds for s (0: neither has an entry); the second table is asked only where
 * the first does not settle lo >= want_lo or hi <= want_hi */
static int rlook(const Core *c, const Pos *s, Key *ek, RKey *rk, Look *L, int want_lo,
                 int want_hi) {
    int found = 0;
    Probe p;
    L->lo = -RNONE;
    L->hi = RNONE;
    L->best = -1;
    L->rlo = L->rhi = 0;
    make_key(c, s, ek);
    const u64 *d = find(c, ek);
    if (d) {
        found = 1;
        L->lo = E_LO(*d);
        L->hi = E_HI(*d);
        L->best = E_BEST(*d);
        L->rlo = L->rhi = low_rel(c, s, E_REL(*d));
    }
    rk->ready = 0;
    if (found || L->lo >= want_lo || L->hi <= want_hi) return found;
    make_rkey(c, s, rk);
    if (!rprobe(c, rk, &p)) return found;
    if (p.lo > L->lo) { L->lo = p.lo; L->rlo = entry_rel(c, p.elo, s); }
    if (p.hi < L->hi) { L->hi = p.hi; L->rhi = entry_rel(c, p.ehi, s); }
    if (L->best < 0) L->best = p.best;
    return 1;
}

static void rstore(Core *c, const RKey *k, const Pos *s, int target, int result, int bestm,
                   u64 rel);

/* a result in both tables: the exact entry's low cards the fewer of its own and the result's */
static void rsave(Core *c, const Key *ek, RKey *rk, const Pos *s, int target, int result,
                  int bestm, u64 rel) {
    u64 *d = find(c, ek);
    int cards = cards_of(c, s);
    if (!d) {
        d = slot_for(c, ek);
        *d = data_word(-RNONE, RNONE, -1, cards) | 0xFFFFULL << 48;
    }
    unsigned old = E_REL(*d), now = rel_low(c, s, rel), low = 0;
    for (int suit = 0; suit < 4; suit++) {
        unsigned a = (old >> (4 * suit)) & 15, b = (now >> (4 * suit)) & 15;
        low |= (a < b ? a : b) << (4 * suit);
    }
    *d = merged(*d, target, result, bestm, cards) | (u64)low << 48;
    if (!rk->ready) make_rkey(c, s, rk);
    rstore(c, rk, s, target, result, bestm, rel);
}

/* the trumps trump_tricks() rests on: from the top down to the first of the last run of
 * trumps of one side (below it, who of a side holds which trump changes nothing) */
static u64 trump_tricks_rel(const Core *c, const Pos *s) {
    u64 mine = (s->hands[c->single] >> (16 * c->trump)) & 0xFFFF, all = 0;
    for (int i = 0; i < c->n; i++) all |= (s->hands[i] >> (16 * c->trump)) & 0xFFFF;
    if (!all) return 0;
    int low = __builtin_ctzll(all), side = (int)((mine >> low) & 1), t = low;
    u64 rest = all & ~(1ULL << low);
    while (rest) {  /* up from the lowest while the side stays */
        int b = __builtin_ctzll(rest);
        rest &= rest - 1;
        if ((int)((mine >> b) & 1) != side) break;
        t = b;
    }
    return 1ULL << (16 * c->trump + t);
}

/* count_range's ends (a0, b0, a, b in r) and the cards each rested on (rel) */
static void count_range_rel(const Core *c, const Pos *s, int *r, u64 *rel) {
    int q = 0, pts = 0, maxi = c->team[s->turn], tp = 0, tc = 0, ts = -1;
    int left = (s->rem + c->n - 1) / c->n;
    u64 qseen = 0, tseen = 0;
    memset(rel, 0, 4 * sizeof(u64));
    if (!s->ntrick) {
        if (popc(s->hands[s->turn]) == 1) {
            Pos t = *s;
            for (int i = 0; i < c->n; i++) play(c, &t, top(t.hands[t.turn]));
            r[0] = r[1] = r[2] = r[3] = t.taken;
            rel[0] = rel[1] = rel[2] = rel[3] = won_by_rank(c, t.tcard, c->n);
            return;
        }
        if (c->follow_suit) q = quick(c, s, &pts, &qseen);
        ts = top_trumps(c, s, &tp, &tc, &tseen);
    }
    r[0] = s->taken;
    r[1] = s->taken + left;
    if (ts == 1 && s->taken + tc > r[0]) { r[0] = s->taken + tc; rel[0] = tseen; }
    if (ts >= 0 && c->single >= 0) {
        int w = s->taken + trump_tricks(c, s);
        if (w > r[0]) { r[0] = w; rel[0] = trump_tricks_rel(c, s); }
    }
    if (ts == 0 && s->taken + left - tc < r[1]) { r[1] = s->taken + left - tc; rel[1] = tseen; }
    r[2] = r[0];
    rel[2] = rel[0];
    if (maxi && s->taken + q > r[0]) { r[2] = s->taken + q; rel[2] = qseen; }
    r[3] = r[1];
    rel[3] = rel[1];
    if (!maxi && s->taken + left - q < r[1]) { r[3] = s->taken + left - q; rel[3] = qseen; }
}

/* bounds() for score ranks, with the cards the lower (*rlo) and upper (*rhi) bound rest on */
static void rbounds(const Core *c, const Pos *s, int *lo, int *hi, u64 *rlo, u64 *rhi) {
    int r[4];
    u64 rel[4];
    count_range_rel(c, s, r, rel);
    int mn = c->scores[r[1]], mx = c->scores[r[0]];
    for (int t = r[2]; t <= r[1]; t++) if (c->scores[t] < mn) mn = c->scores[t];
    for (int t = r[0]; t <= r[3]; t++) if (c->scores[t] > mx) mx = c->scores[t];
    *lo = mn;
    *hi = mx;
    *rlo = rel[2] | rel[1];
    *rhi = rel[0] | rel[3];
}

/* At a node where every move was searched: the lowest card that mattered, in each suit, moved
 * down while the card below it is the mover's legal card too (one class of equals: the search
 * tried only its top card, which must then stand for the class in the other position too). */
static u64 widen_groups(const Core *c, const Pos *s, u64 rel) {
    u64 legal = legal_of(c, s), present = 0;
    for (int i = 0; i < c->n; i++) present |= s->hands[i];
    for (int i = 0; i < s->ntrick; i++) present |= 1ULL << s->tcard[i];
    for (int suit = 0; suit < 4; suit++) {
        u64 r = (rel >> (16 * suit)) & 0xFFFF, p = (present >> (16 * suit)) & 0xFFFF;
        u64 l = (legal >> (16 * suit)) & 0xFFFF;
        if (!r) continue;
        u64 above = p & ~((1ULL << __builtin_ctzll(r)) - 1);
        if (!above) continue;
        int ct = __builtin_ctzll(above);
        while ((l >> ct) & 1) {
            u64 below = p & ((1ULL << ct) - 1);
            if (!below || !((l >> top(below)) & 1)) break;
            ct = top(below);
        }
        rel |= 1ULL << (16 * suit + ct);
    }
    return rel;
}

static int rtest(Core *c, const Pos *s, int target, u64 *rel) {
    int lo, hi;
    u64 rlo, rhi;
    rbounds(c, s, &lo, &hi, &rlo, &rhi);
    if (target <= lo) { *rel = rlo; return lo; }
    if (target > hi) { *rel = rhi; return hi; }
    c->nodes++;
    RKey key;
    Key ekey;
    int hint = -1;
    if (!s->ntrick) {
        Look L;
        if (rlook(c, s, &ekey, &key, &L, target, target - 1)) {
            if (target <= L.lo) { *rel = L.rlo; return L.lo; }
            if (target > L.hi) { *rel = L.rhi; return L.hi; }
            hint = from_rank(s, c, L.best);
        }
    }
    int maxi = c->team[s->turn];
    int mv[64], tl = popc(s->hands[s->turn]) & 15;
    if (hint < 0 && !s->ntrick && c->monotone) hint = c->killer[tl][s->turn];
    int k = ordered(c, s, hint, mv);
    int result = 0, have = 0, bestm = -1;
    u64 acc = 0;
    for (int i = 0; i < k; i++) {
        Pos child = *s;
        u64 r;
        play(c, &child, mv[i]);
        int g = rtest(c, &child, target, &r);
        if (!child.ntrick) r |= won_by_rank(c, child.tcard, c->n);
        if ((g >= target) == maxi) {
            result = g; bestm = mv[i]; have = 2; acc = r;
            if (!s->ntrick) c->killer[tl][s->turn] = (int8_t)mv[i];
            break;
        }
        acc |= r;
        if (!have || (maxi ? g > result : g < result)) { result = g; have = 1; }
    }
    if (have != 2) acc = widen_groups(c, s, acc);
    *rel = acc;
    if (!s->ntrick) rsave(c, &ekey, &key, s, target, result, to_rank(s, c, bestm), acc);
    return result;
}

static int rwindow(Core *c, const Pos *s, int alpha, int beta, u64 *rel);

/* window_moves with the cards that mattered: every child's (and trick's), conservatively */
static int rwindow_moves(Core *c, const Pos *s, int a, int b, int hint, int *bestm, u64 *acc) {
    int mv[64], maxi = c->team[s->turn], k = ordered(c, s, hint, mv);
    int best = maxi ? -(1 << 20) : 1 << 20;
    for (int i = 0; i < k; i++) {
        Pos child = *s;
        u64 r1 = 0, r2 = 0;
        play(c, &child, mv[i]);
        int g;
        if (i == 0) {
            g = rwindow(c, &child, a, b, &r1);
        } else if (maxi) {
            int bar = best > a ? best : a;
            g = rtest(c, &child, bar + 1, &r1);
            if (g > bar && g < b) g = rwindow(c, &child, g - 1, b, &r2);
        } else {
            int bar = best < b ? best : b;
            g = rtest(c, &child, bar, &r1);
            if (g < bar && g > a) g = rwindow(c, &child, a, g + 1, &r2);
        }
        *acc |= r1 | r2 | (!child.ntrick ? won_by_rank(c, child.tcard, c->n) : 0);
        if (maxi ? g > best : g < best) { best = g; *bestm = mv[i]; }
        if (maxi ? best >= b : best <= a) break;
    }
    return best;
}

static int rwindow(Core *c, const Pos *s, int alpha, int beta, u64 *rel) {
    if (beta - alpha <= 1) return rtest(c, s, beta, rel);
    int lo, hi, hint = -1;
    u64 rlo, rhi;
    rbounds(c, s, &lo, &hi, &rlo, &rhi);
    if (lo >= beta) { *rel = rlo; return lo; }
    if (lo == hi) { *rel = rlo | rhi; return lo; }
    if (hi <= alpha) { *rel = rhi; return hi; }
    c->nodes++;
    RKey key;
    Key ekey;
    if (!s->ntrick) {
        Look L;
        if (rlook(c, s, &ekey, &key, &L, beta, alpha)) {
            if (L.lo >= beta) { *rel = L.rlo; return L.lo; }
            if (L.lo == L.hi) { *rel = L.rlo | L.rhi; return L.lo; }
            if (L.hi <= alpha) { *rel = L.rhi; return L.hi; }
            if (L.lo > lo) { lo = L.lo; rlo = L.rlo; }
            if (L.hi < hi) { hi = L.hi; rhi = L.rhi; }
            hint = from_rank(s, c, L.best);
        }
    }
    int a = alpha > lo - 1 ? alpha : lo - 1, b = beta < hi + 1 ? beta : hi + 1, bestm = -1;
    u64 acc = 0, extra = rlo | rhi;  /* the narrowed window rests on the bounds */
    if (b - a <= 1) {
        int g = rtest(c, s, b, &acc);
        *rel = acc | extra;
        return g;
    }
    int result = rwindow_moves(c, s, a, b, hint, &bestm, &acc);
    acc = widen_groups(c, s, acc) | extra;
    *rel = acc;
    if (!s->ntrick) {
        int r = to_rank(s, c, bestm);
        if (result > a) rsave(c, &ekey, &key, s, result, result, r, acc);     /* at least */
        if (result < b) rsave(c, &ekey, &key, s, result + 1, result, r, acc); /* at most */
    }
    return result;
}

static int value(Core *c, const Pos *s, int has_guess, int guess) {
    int lo, hi, step = c->step;
    if (c->ranked) {
        u64 r1, r2;
        rbounds(c, s, &lo, &hi, &r1, &r2);
        if (!s->ntrick) {
            RKey key;
            Key ekey;
            Look L;
            if (rlook(c, s, &ekey, &key, &L, RNONE, -RNONE)) {
                if (L.lo > lo) lo = L.lo;
                if (L.hi < hi) hi = L.hi;
            }
        }
    } else {
        bounds(c, s, &lo, &hi);
    }
    if (!s->ntrick && !c->ranked) {
        Key key;
        make_key(c, s, &key);
        const u64 *d = find(c, &key);
        if (d) {
            if (E_LO(*d) > lo) lo = E_LO(*d);
            if (E_HI(*d) < hi) hi = E_HI(*d);
        }
    }
    lo = ceildiv(lo, step) * step;
    hi = floordiv(hi, step) * step;
    (void)has_guess;  /* the window search needs no guess: the interface keeps one */
    (void)guess;
    u64 rel;
    if (lo >= hi) return lo;
    return c->ranked ? rwindow(c, s, lo - 1, hi + 1, &rel) : window(c, s, lo - 1, hi + 1);
}

/* -- many questions at once: "can the max side keep its final trick count in set U?" for
 * a list of sets U (score ranks: the games of a seat's contracts, which differ in their scores
 * alone, ask "a rank of at least r?" as such a set each; Contracts asks them all in one
 * search). One walk of the tree answers every question bit-parallel: the max side's node
 * answers yes to what some move answers yes to, the others' to what every move does; a move
 * is searched for the questions still open, and a node stops when none is. A table of its
 * own (for one list of questions) keeps, at a trick's start, what is known yes and no. ---- */

#define QW 4  /* at most 64 * QW questions a search */

typedef struct {
    Core *c;
    int qw, ns, ew;  /* question words, trick counts 0 .. ns - 1, entry words */
    u64 *yes, *no;   /* by range [a, b] of counts: the questions all of it answers yes, none */
    u64 *sup, *sub;  /* by question: the questions whose sets hold its set, and lie in it */
    u64 *tab;
    size_t mask, maxcap, used;  /* grows as the Core's table does (doubled) */
} Reach;

static u64 *reach_entry(Reach *x, const Key *k, int make, const Pos *s) {
    if (make && 2 * x->used > x->mask && x->mask + 1 < x->maxcap
        && !doubled(&x->tab, &x->mask, &x->used, x->ew, x->c->kw))
        x->maxcap = x->mask + 1;
    size_t base = bucket_of(k->w, x->c->kw, x->mask), pick = base;
    int kw = x->c->kw, worst = 1 << 20;
    for (size_t i = base; i < base + BUCKET; i++) {
        u64 *e = x->tab + i * x->ew;
        if ((e[kw] & E_USED) && same_key(e, k->w, kw)) return e + kw;
        int cost = (e[kw] & E_USED) ? E_CARDS(e[kw]) : -1;
        if (cost < worst) { worst = cost; pick = i; }
    }
    if (!make) return NULL;
    u64 *e = x->tab + pick * x->ew;
    x->used += worst == -1;
    memset(e, 0, sizeof(u64) * x->ew);
    memcpy(e, k->w, sizeof(u64) * kw);
    e[kw] = data_word(0, 0, -1, cards_of(x->c, s));
    return e + kw;
}

/* res: the questions of need whose answer is yes from s (every one of need answered) */
static void reach(Reach *x, const Pos *s, const u64 *need0, u64 *res) {
    Core *c = x->c;
    int qw = x->qw, a0, b0, a, b, open = 0;
    u64 need[QW], acc[QW], sub[QW], r[QW];
    count_range(c, s, &a0, &b0, &a, &b);
    const u64 *yes = x->yes + (size_t)(a * x->ns + b0) * qw;
    const u64 *no = x->no + (size_t)(a0 * x->ns + b) * qw;
    for (int i = 0; i < qw; i++) {
        res[i] = need0[i] & yes[i];
        need[i] = need0[i] & ~yes[i] & ~no[i];
        open |= need[i] != 0;
    }
    if (!open) return;
    c->nodes++;
    Key key;
    int hint = -1;
    if (!s->ntrick) {
        make_key(c, s, &key);
        const u64 *d = reach_entry(x, &key, 0, s);
        if (d) {
            open = 0;
            for (int i = 0; i < qw; i++) {
                res[i] |= need[i] & d[1 + i];
                need[i] &= ~(d[1 + i] | d[1 + qw + i]);
                open |= need[i] != 0;
            }
            if (!open) return;
            hint = from_rank(s, c, E_BEST(d[0]));
        }
    }
    int maxi = c->team[s->turn], mv[64], k = ordered(c, s, hint, mv), bestm = -1, most = -1;
    for (int i = 0; i < qw; i++) acc[i] = maxi ? 0 : need[i];
    for (int j = 0; j < k; j++) {
        Pos child = *s;
        play(c, &child, mv[j]);
        for (int i = 0; i < qw; i++) sub[i] = maxi ? need[i] & ~acc[i] : acc[i];
        reach(x, &child, sub, r);
        int settled = 0;
        open = 0;
        for (int i = 0; i < qw; i++) {
            settled += popc(maxi ? r[i] : sub[i] & ~r[i]);
            acc[i] = maxi ? acc[i] | r[i] : r[i];
            open |= (maxi ? need[i] & ~acc[i] : acc[i]) != 0;
        }
        if (settled > most) { most = settled; bestm = mv[j]; }
        if (!open) break;
    }
    for (int i = 0; i < qw; i++) res[i] |= acc[i];
    if (!s->ntrick) {  /* a set's yes holds for every set that holds it, a no for those in it */
        u64 *d = reach_entry(x, &key, 1, s);
        for (int i = 0; i < qw; i++) {
            u64 y = acc[i], n = need[i] & ~acc[i];
            while (y) {
                int q = 64 * i + __builtin_ctzll(y);
                y &= y - 1;
                for (int j = 0; j < qw; j++) d[1 + j] |= x->sup[q * qw + j];
            }
            while (n) {
                int q = 64 * i + __builtin_ctzll(n);
                n &= n - 1;
                for (int j = 0; j < qw; j++) d[1 + qw + j] |= x->sub[q * qw + j];
            }
        }
        d[0] = data_word(0, 0, to_rank(s, c, bestm), cards_of(c, s));
    }
}

/* The first of the levels (each a list of questions, best first) where some question is
 * answered yes from s: its index (-1: none) and in *out the questions of it answered yes. The
 * table and what it knows carry from level to level (a yes holds for every set that holds
 * the set, a no for every set in it). 0 with no exception set: out of memory. */
static int reach_levels(Core *c, const Pos *s, const u64 *sets, int nq, const u64 *levels,
                        int nlevels, int table_bits, int *found, u64 *out) {
    Reach x = {c, (nq + 63) / 64, c->nscores, 0, NULL, NULL, NULL, NULL, NULL, 0, 0, 0};
    x.ew = c->kw + 1 + 2 * x.qw;
    x.maxcap = (size_t)1 << table_bits;
    size_t ranges = (size_t)x.ns * x.ns * x.qw;
    size_t cap = table_bits > c->first_bits ? (size_t)1 << c->first_bits : x.maxcap;
    x.yes = calloc(ranges, sizeof(u64));
    x.no = calloc(ranges, sizeof(u64));
    x.sup = calloc((size_t)nq * x.qw, sizeof(u64));
    x.sub = calloc((size_t)nq * x.qw, sizeof(u64));
    x.tab = table_new(cap * x.ew * sizeof(u64));
    x.mask = cap - 1;
    int ok = x.yes && x.no && x.sup && x.sub && x.tab;
    for (int lo = 0; ok && lo < x.ns; lo++)
        for (int hi = lo; hi < x.ns; hi++) {
            u64 range = ((2ULL << hi) - 1) & ~((1ULL << lo) - 1);
            for (int q = 0; q < nq; q++) {
                u64 bit = 1ULL << (q & 63);
                if ((sets[q] & range) == range) x.yes[(lo * x.ns + hi) * x.qw + q / 64] |= bit;
                if (!(sets[q] & range)) x.no[(lo * x.ns + hi) * x.qw + q / 64] |= bit;
            }
        }
    for (int q = 0; ok && q < nq; q++)
        for (int p = 0; p < nq; p++) {
            u64 bit = 1ULL << (p & 63);
            if ((sets[p] & sets[q]) == sets[q]) x.sup[q * x.qw + p / 64] |= bit;
            if ((sets[p] & sets[q]) == sets[p]) x.sub[q * x.qw + p / 64] |= bit;
        }
    *found = -1;
    for (int l = 0; ok && l < nlevels && *found < 0; l++) {
        int any = 0;
        reach(&x, s, levels + (size_t)l * QW, out);
        for (int i = 0; i < x.qw; i++) any |= out[i] != 0;
        if (any) *found = l;
    }
    free(x.yes); free(x.no); free(x.sup); free(x.sub);
    table_free(x.tab, (x.mask + 1) * x.ew * sizeof(u64));
    return ok;
}

/* -- Python --------------------------------------------------------------------------- */

static int parse_pos(const Core *c, PyObject *obj, Pos *s) {
    PyObject *hands, *trick;
    memset(s, 0, sizeof *s);
    if (!PyArg_ParseTuple(obj, "OOiiii", &hands, &trick, &s->turn, &s->rem, &s->taken,
                          &s->drawn))
        return 0;
    hands = PySequence_Fast(hands, "hands must be a sequence");
    if (!hands) return 0;
    if (PySequence_Fast_GET_SIZE(hands) != c->n) {
        Py_DECREF(hands);
        PyErr_SetString(PyExc_ValueError, "one hand a seat");
        return 0;
    }
    for (int i = 0; i < c->n; i++) {
        s->hands[i] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(hands, i));
        if (PyErr_Occurred()) { Py_DECREF(hands); return 0; }
    }
    Py_DECREF(hands);
    trick = PySequence_Fast(trick, "trick must be a sequence");
    if (!trick) return 0;
    s->ntrick = (int)PySequence_Fast_GET_SIZE(trick);
    if (s->ntrick >= c->n) {
        Py_DECREF(trick);
        PyErr_SetString(PyExc_ValueError, "a trick holds fewer cards than seats");
        return 0;
    }
    for (int i = 0; i < s->ntrick; i++) {
        int seat, bit;
        if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(trick, i), "ii", &seat, &bit)) {
            Py_DECREF(trick);
            return 0;
        }
        s->tseat[i] = (int8_t)seat;
        s->tcard[i] = (int8_t)bit;
    }
    Py_DECREF(trick);
    if (s->turn < 0 || s->turn >= c->n || s->drawn < 0 || s->drawn > c->nstock
        || s->taken < 0 || (!c->additive && s->taken >= c->nscores)) {
        PyErr_SetString(PyExc_ValueError, "a position out of range");
        return 0;
    }
    if (!c->additive && s->taken + (s->rem + c->n - 1) / c->n >= c->nscores) {
        PyErr_SetString(PyExc_ValueError, "more tricks left than scores");
        return 0;
    }
    return 1;
}

static int int_list(PyObject *seq, int *out, int max, int *count, const char *what) {
    PyObject *f = PySequence_Fast(seq, what);
    if (!f) return 0;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(f);
    if (k > max) { Py_DECREF(f); PyErr_SetString(PyExc_ValueError, what); return 0; }
    for (Py_ssize_t i = 0; i < k; i++) {
        out[i] = (int)PyLong_AsLong(PySequence_Fast_GET_ITEM(f, i));
        if (PyErr_Occurred()) { Py_DECREF(f); return 0; }
    }
    *count = (int)k;
    Py_DECREF(f);
    return 1;
}

static int bits_for(int values) { int b = 0; while ((1 << b) < values) b++; return b; }

static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    static char *names[] = {"players", "team", "points", "trump", "must_trump", "follow_suit",
                            "stock", "hand_size", "scores", "step", "ranks", "table_bits",
                            "ranked", "first_bits", NULL};
    PyObject *team, *points, *stock, *scores;
    int ranks = 16, table_bits = 20, count, ranked = 1, first_bits = START_BITS;
    if (c->tab) {
        PyErr_SetString(PyExc_RuntimeError, "a core is initialised once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iOOippOiOi|iipi", names, &c->n, &team, &points,
                                     &c->trump, &c->must_trump, &c->follow_suit, &stock,
                                     &c->hand_size, &scores, &c->step, &ranks, &table_bits,
                                     &ranked, &first_bits))
        return -1;
    if (c->n < 2 || c->n > MAXN || c->step < 1 || table_bits < 4 || table_bits > 28
        || ranks < 1 || ranks > 16) {
        PyErr_SetString(PyExc_ValueError, "unsupported game");
        return -1;
    }
    if (!int_list(team, c->team, MAXN, &count, "team") || count != c->n) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "team");
        return -1;
    }
    if (!int_list(points, c->points, 64, &count, "points") || count != 64) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "points");
        return -1;
    }
    int st[64];
    if (!int_list(stock, st, 64, &c->nstock, "stock")) return -1;
    for (int i = 0; i < c->nstock; i++) c->stock[i] = (int8_t)st[i];
    for (int i = c->nstock; i >= 0; i--)
        c->stock_left[i] = i == c->nstock ? 0 : c->stock_left[i + 1] | (1ULL << c->stock[i]);
    c->additive = scores == Py_None;
    c->single = -1;
    for (int i = 0, k = 0; i < c->n; i++)
        if (c->team[i]) c->single = k++ ? -2 : i;
    if (c->additive || c->trump < 0 || c->single < 0) c->single = -1;
    c->monotone = 0;
    if (!c->additive) {
        if (!int_list(scores, c->scores, 64, &c->nscores, "scores")) return -1;
        c->monotone = 1;
        for (int i = 1; i < c->nscores; i++) if (c->scores[i] < c->scores[i - 1]) c->monotone = 0;
    }
    long total = 0;  /* the table keeps bounds in 16 bits */
    for (int b = 0; b < 64; b++) total += labs((long)c->points[b]);
    for (int i = 0; !c->additive && i < c->nscores; i++) total += labs((long)c->scores[i]);
    if (total > 30000) {
        PyErr_SetString(PyExc_ValueError, "values too large for the table");
        return -1;
    }
    int distinct[64], nd = 0;  /* the points classes */
    for (int b = 0; b < 64; b++) {
        int j = 0;
        while (j < nd && distinct[j] != c->points[b]) j++;
        if (j == nd) distinct[nd++] = c->points[b];
        c->pclass[b] = j;
    }
    c->cbits = bits_for(nd);
    for (int suit = 0; suit < 4; suit++) {
        c->flat[suit] = 1;
        for (int b = 16 * suit; b < 16 * suit + 16; b++)
            if (c->pclass[b] != c->pclass[16 * suit]) c->flat[suit] = 0;
    }
    c->obits = bits_for(c->n);
    c->rbits = ranks;
    int keybits = c->nstock ? 64 * (c->n + 1)
                            : c->obits + (c->additive ? 0 : 6) + 4 * ranks * (1 + c->obits);
    c->kw = (keybits + 63) / 64;
    if (c->kw > MAXKW) { PyErr_SetString(PyExc_ValueError, "too many seats"); return -1; }
    int flat = c->flat[0] && c->flat[1] && c->flat[2] && c->flat[3];
    c->ranked = ranked && !c->additive && !c->nstock && flat && c->obits <= 3;
    c->xw = (c->obits + 6 + 20 * c->n + 63) / 64;
    c->ew = c->kw + 1;
    c->acap = (size_t)1 << (table_bits > 10 ? table_bits - ABITS : 6);
    c->amask = c->acap - 1;
    if (c->ranked) {
        c->atab = table_new(c->acap * (c->xw + 5) * sizeof(u64));
        c->atag = calloc(c->acap, 1);
        if (!c->atab || !c->atag) { PyErr_NoMemory(); return -1; }
    }
    c->maxcap = (size_t)1 << table_bits;
    c->first_bits = first_bits < 2 ? 2 : first_bits;
    c->cap = table_bits > c->first_bits ? (size_t)1 << c->first_bits : c->maxcap;
    c->mask = c->cap - 1;
    c->used = 0;
    c->tab = table_new(c->cap * c->ew * sizeof(u64));
    if (!c->tab) { PyErr_NoMemory(); return -1; }
    c->nodes = 0;
    memset(c->killer, -1, sizeof c->killer);
    return 0;
}

static void Core_dealloc(Core *c) {
    table_free(c->tab, c->cap * c->ew * sizeof(u64));
    if (c->atab) table_free(c->atab, c->acap * (c->xw + 5) * sizeof(u64));
    free(c->atag);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static int guess_of(PyObject *g, int *has, int *value) {
    *has = g != NULL && g != Py_None;
    if (*has) {
        *value = (int)PyLong_AsLong(g);
        if (PyErr_Occurred()) return 0;
    }
    return 1;
}

/* a search from s begins (refused while another runs) */
static int enter(Core *c, const Pos *s) {
    if (c->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this solver is searching in another thread");
        return 0;
    }
    c->busy = 1;
    c->root_cards = cards_of(c, s);
    return 1;
}

static PyObject *Core_value(Core *c, PyObject *args) {
    PyObject *obj, *g = NULL;
    Pos s;
    int has, guess = 0;
    if (!PyArg_ParseTuple(args, "O|O", &obj, &g) || !parse_pos(c, obj, &s)
        || !guess_of(g, &has, &guess))
        return NULL;
    int v;
    if (!enter(c, &s)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    v = value(c, &s, has, guess);
    Py_END_ALLOW_THREADS
    c->busy = 0;
    STAT(stats_print());
    return PyLong_FromLong(v);
}

static PyObject *Core_test(Core *c, PyObject *args) {
    PyObject *obj;
    int target;
    Pos s;
    if (!PyArg_ParseTuple(args, "Oi", &obj, &target) || !parse_pos(c, obj, &s)
        || !enter(c, &s))
        return NULL;
    u64 rel;
    int g = c->ranked ? rtest(c, &s, target, &rel) : test(c, &s, target);
    c->busy = 0;
    return PyLong_FromLong(g);
}

static PyObject *Core_move_values(Core *c, PyObject *args) {
    PyObject *obj, *g = NULL;
    Pos s;
    int has, guess = 0, mv[64], vals[64], k;
    if (!PyArg_ParseTuple(args, "O|O", &obj, &g) || !parse_pos(c, obj, &s)
        || !guess_of(g, &has, &guess))
        return NULL;
    int over_lo, over_hi;
    bounds(c, &s, &over_lo, &over_hi);
    if (!enter(c, &s)) return NULL;
    Py_BEGIN_ALLOW_THREADS
    k = moves(c, &s, mv);
    for (int i = 0; i < k; i++) {
        Pos child = s;
        int gain = play(c, &child, mv[i]);
        vals[i] = gain + value(c, &child, has, guess - gain);
    }
    Py_END_ALLOW_THREADS
    c->busy = 0;
    STAT(stats_print());
    PyObject *out = PyList_New(k);
    if (!out) return NULL;
    for (int i = 0; i < k; i++) {
        PyObject *pair = Py_BuildValue("(ii)", mv[i], vals[i]);
        if (!pair) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, pair);
    }
    return out;
}

static PyObject *Core_moves(Core *c, PyObject *args) {
    PyObject *obj;
    Pos s;
    int mv[64];
    if (!PyArg_ParseTuple(args, "O", &obj) || !parse_pos(c, obj, &s)) return NULL;
    int k = moves(c, &s, mv);
    PyObject *out = PyList_New(k);
    if (!out) return NULL;
    for (int i = 0; i < k; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(mv[i]));
    return out;
}

static PyObject *Core_nodes(Core *c, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(c->nodes);
}

static PyObject *Core_entries(Core *c, void *closure) {
    (void)closure;
    return PyLong_FromSize_t(c->cap);
}

/* a list of lists of question indices as masks of QW words each (NULL: an exception set) */
static u64 *level_masks(PyObject *list, int nq, int *count) {
    PyObject *f = PySequence_Fast(list, "levels must be a sequence");
    if (!f) return NULL;
    *count = (int)PySequence_Fast_GET_SIZE(f);
    u64 *out = calloc((size_t)(*count ? *count : 1) * QW, sizeof(u64));
    for (int l = 0; out && l < *count; l++) {
        int idx[64 * QW], k;
        if (!int_list(PySequence_Fast_GET_ITEM(f, l), idx, 64 * QW, &k, "a level")) {
            free(out);
            out = NULL;
            break;
        }
        for (int j = 0; j < k; j++) {
            if (idx[j] < 0 || idx[j] >= nq) {
                PyErr_SetString(PyExc_ValueError, "a question out of range");
                free(out);
                out = NULL;
                break;
            }
            out[(size_t)l * QW + idx[j] / 64] |= 1ULL << (idx[j] & 63);
        }
    }
    Py_DECREF(f);
    if (!out && !PyErr_Occurred()) PyErr_NoMemory();
    return out;
}

static PyObject *Core_reach(Core *c, PyObject *args) {
    PyObject *obj, *list, *levels_obj;
    Pos s;
    int table_bits = 20, nq, nlevels, found, ok;
    u64 sets[64 * QW], out[QW] = {0};
    if (!PyArg_ParseTuple(args, "OOO|i", &obj, &list, &levels_obj, &table_bits)
        || !parse_pos(c, obj, &s))
        return NULL;
    if (c->additive || c->nstock || table_bits < 4 || table_bits > 26) {
        PyErr_SetString(PyExc_ValueError, "reach: score ranks, no stock, a table of 2^4..2^26");
        return NULL;
    }
    PyObject *f = PySequence_Fast(list, "sets must be a sequence");
    if (!f) return NULL;
    nq = (int)PySequence_Fast_GET_SIZE(f);
    if (nq < 1 || nq > 64 * QW) {
        Py_DECREF(f);
        PyErr_SetString(PyExc_ValueError, "reach: 1 to 256 sets");
        return NULL;
    }
    for (int q = 0; q < nq; q++) {
        sets[q] = PyLong_AsUnsignedLongLong(PySequence_Fast_GET_ITEM(f, q));
        if (PyErr_Occurred()) { Py_DECREF(f); return NULL; }
        if (c->nscores < 64) sets[q] &= (1ULL << c->nscores) - 1;
    }
    Py_DECREF(f);
    u64 *levels = level_masks(levels_obj, nq, &nlevels);
    if (!levels) return NULL;
    if (!enter(c, &s)) { free(levels); return NULL; }
    Py_BEGIN_ALLOW_THREADS
    ok = reach_levels(c, &s, sets, nq, levels, nlevels, table_bits, &found, out);
    Py_END_ALLOW_THREADS
    c->busy = 0;
    free(levels);
    if (!ok) return PyErr_NoMemory();
    PyObject *yes = PyList_New(0);
    for (int q = 0; yes && found >= 0 && q < nq; q++) {
        if (!((out[q / 64] >> (q & 63)) & 1)) continue;
        PyObject *i = PyLong_FromLong(q);
        if (!i || PyList_Append(yes, i) < 0) { Py_XDECREF(i); Py_CLEAR(yes); break; }
        Py_DECREF(i);
    }
    if (!yes) return NULL;
    return Py_BuildValue("(iN)", found, yes);
}

static PyObject *Core_clear(Core *c, PyObject *noargs) {
    (void)noargs;
    if (c->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this solver is searching in another thread");
        return NULL;
    }
    memset(c->tab, 0, c->cap * c->ew * sizeof(u64));
    c->used = 0;
    if (c->atab) memset(c->atab, 0, c->acap * (c->xw + 5) * sizeof(u64));
    if (c->atag) memset(c->atag, 0, c->acap);
    Py_RETURN_NONE;
}

static PyMethodDef Core_methods[] = {
    {"value", (PyCFunction)Core_value, METH_VARARGS,
     "value(position, guess=None): the max side's exact future value"},
    {"test", (PyCFunction)Core_test, METH_VARARGS,
     "test(position, target): a fail-soft bound that settles 'at least target?'"},
    {"move_values", (PyCFunction)Core_move_values, METH_VARARGS,
     "move_values(position, guess=None): [(card bit, value after it, gains included)]"},
    {"moves", (PyCFunction)Core_moves, METH_VARARGS,
     "moves(position): the merged legal cards, one bit per class of equals"},
    {"reach", (PyCFunction)Core_reach, METH_VARARGS,
     "reach(position, sets, levels, table_bits=20): for sets of final trick counts (masks), "
     "the first of levels (lists of indexes into sets, best first) where the max side can "
     "keep its count in some set of it: (its index or -1, the indexes of those sets)"},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "forget the table"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_nodes, NULL, "nodes searched so far", NULL},
    {"entries", (getter)Core_entries, NULL, "the table's size now (it grows when half full)",
     NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "domain.solver." TRICK_STR(TRICK_MODULE) ".Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One trick game's searches sharing one table of bounds",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

/* Whether this CPU runs _trick_v3: an x86-64 with POPCNT, BMI1, BMI2 and LZCNT (Intel's since
 * Haswell, 2013; AMD's since Excavator, 2015). Asked of the generic build, before the other is
 * loaded. */
static PyObject *fits_v3(PyObject *self, PyObject *noargs) {
    (void)self, (void)noargs;
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    __builtin_cpu_init();
    return PyBool_FromLong(__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi")
                           && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("lzcnt"));
#else
    Py_RETURN_FALSE;
#endif
}

static PyMethodDef module_methods[] = {
    {"fits_v3", fits_v3, METH_NOARGS,
     "fits_v3(): whether this CPU has what _trick_v3 is compiled for"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, TRICK_STR(TRICK_MODULE),
    "The trick game's compiled solver core (issue 30).", -1,
    module_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC TRICK_CAT(PyInit_, TRICK_MODULE)(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    pext4_init();
    spread_init();
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddStringConstant(m, "TARGET", TRICK_TARGET) < 0
        || PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
