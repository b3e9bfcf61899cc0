/* The Sedma family's capture game searched in C: capture_game.py's game (captures with the
 * leader's go-on-or-stop, wild ranks, the known stock drawn after each capture, the last
 * capture's bonus, card points) and domain/solver/search.py's search (zero-window tests,
 * fail-soft, a transposition table of bounds and best moves, the best move first, equal cards
 * merged as tokens), on small structs instead of tuples. capture_game.py keeps the Python game
 * as the reference; tests/unit/test_capture_core.py checks every move's value against it.
 *
 * A position's table is kept as what its future depends on: its length and points, the rank
 * led (and the round's led rank, the best rank so far where the winner rule needs them), the
 * seat winning. Hands are counts per token, 4 bits each (at most 16 tokens).
 *
 * Where it differs from the Python search (the values never do; the nodes counted do): forced
 * moves are played straight on, not searched as nodes; leads are tried in an order of their own
 * (lead_order); the table keeps leads, and mid-capture positions only near the top, because a
 * probe is a cache miss that costs more than the nodes it saves lower down (see
 * docs/PERFORMANCE.md). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../_hugetable.h"

#define MAXN 6
#define MAXT 16
#define MAXSTOCK 127
#define STOP (-1)
#ifndef SMALL
#define SMALL 6 /* cards in hands and stock at or under which no table entry is kept */
#endif
#ifndef MIDDLE
#define MIDDLE 16 /* cards in hands and stock over which mid-capture positions are kept too */
#endif
#define PLAY 0
#define DECIDE 1
#define OVER 2
#define R7 7 /* rank indices in cards.RANKS */
#define R8 6
#define LOW_NIBBLES 0x1111111111111111ull
enum { R_SEDMA, R_OSMOVA, R_EIGHTS, R_LAST };

typedef struct {
    uint64_t hand[MAXN];
    int8_t len[MAXN], leader, turn, phase, winner, led, round_led, best, left, tlen, wait;
    int8_t cards; /* in hands and stock */
    int16_t tval, rem;
} S;

/* The table: ``stride`` words an entry, the key (the hands' counts packed, then the rest of
 * the position in one word) and a last word of lo (16 bits), hi (16), best move + 2 (8), used. */
#define KMAX 8
#define LO(m) ((int)((m) & 0xFFFF))
#define HI(m) ((int)(((m) >> 16) & 0xFFFF))
#define BEST(m) ((int)(((m) >> 32) & 0xFF) - 2)
#define CARDS(m) ((int)(((m) >> 41) & 0x7F))
#define META(lo, hi, best, cards) ((uint64_t)(uint16_t)(lo) | (uint64_t)(uint16_t)(hi) << 16 \
    | (uint64_t)(uint8_t)((best) + 2) << 32 | (uint64_t)1 << 40 | (uint64_t)(cards) << 41)

typedef struct {
    int n, team[MAXN], hand_size, ntok, rank[MAXT], value[MAXT], wild, rule, always, any;
    int round_value, bonus, step, nstock, stock[MAXSTOCK];
    uint64_t *table, mask;
    uint64_t elig[16]; /* by led rank: the nibbles of the tokens that may go on */
    uint64_t takers[MAXT]; /* by token: the nibbles of the tokens that take a capture it leads */
    int kw, stride, root_cards;
    long long nodes;
} G;

static int wild(const G *g, int r) { return (g->wild >> r) & 1; }

static void bounds(const G *g, const S *s, int *lo, int *hi) {
    *lo = 0;
    if (s->phase == OVER) { *hi = 0; return; }
    int cards = s->cards + s->tlen;
    *hi = s->rem + g->bonus + (g->round_value ? (cards / g->n) * g->round_value : 0);
    /* a leader whose side is winning may stop: that capture is the side's, whatever follows
     * (the max side's: at least its points; the other's: at most what the rest is worth) */
    if (s->phase == DECIDE && g->team[s->leader] == g->team[s->winner]) {
        int got = s->tval + (s->tlen / g->n) * g->round_value;
        if (g->team[s->leader]) *lo = got;
        else *hi = s->rem - s->tval + g->bonus + (g->round_value ? (s->cards / g->n) * g->round_value : 0);
    }
}

static int nibsum(uint64_t x) { return (int)((x * LOW_NIBBLES) >> 60); }

/* Leads (the search's own order, not the Python game's: only the values must agree): first the
 * ranks the mover's side holds most of against the other side, counting the cards that would
 * take the capture (that rank and the wild ones) in every hand. A stable sort: ties keep the
 * tokens' order. */
static void lead_order(const G *g, const S *s, int *out, int m) {
    int k[MAXT + 1], me = g->team[s->turn];
    for (int i = 0; i < m; i++) {
        k[i] = 0;
        for (int j = 0; j < g->n; j++) {
            int c = nibsum(s->hand[j] & g->takers[out[i]]);
            k[i] += g->team[j] == me ? -c : c;
        }
    }
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && k[j] < k[j - 1]; j--) {
            int x = out[j]; out[j] = out[j - 1]; out[j - 1] = x;
            x = k[j]; k[j] = k[j - 1]; k[j - 1] = x;
        }
}

/* capture_game.moves: STOP first, then tokens ascending, sorted (stably) by _orderer when a
 * capture is on the table, as the Python game orders them; leads by lead_order. */
static int moves(const G *g, const S *s, int *out) {
    int m = 0;
    uint64_t h = 0;
    if (s->phase == PLAY) {
        h = s->hand[s->turn];
    } else {
        out[m++] = STOP;
        int l = s->leader;
        if (s->len[l] && (g->always || g->team[l] != g->team[s->winner])) h = s->hand[l] & g->elig[s->led];
    }
    for (uint64_t nz = (h | h >> 1 | h >> 2 | h >> 3) & LOW_NIBBLES; nz; nz &= nz - 1)
        out[m++] = __builtin_ctzll(nz) >> 2; /* the tokens held, ascending */
    if (!s->tlen && s->phase == PLAY && m > 1) lead_order(g, s, out, m);
    if (s->tlen && m > 1) {
        int friend = g->team[s->winner] == g->team[s->turn], k[MAXT + 1];
        for (int i = 0; i < m; i++) { /* the key (ka, kb) as ka * 4096 + kb */
            int t = out[i];
            if (t == STOP) { k[i] = friend ? 0 : 2 * 4096; continue; }
            int takes = g->rank[t] == s->led || wild(g, g->rank[t]);
            k[i] = (friend ? takes : !takes) * 4096 + (friend ? -g->value[t] : g->value[t]);
        }
        for (int i = 1; i < m; i++) /* stable insertion sort */
            for (int j = i; j > 0 && k[j] < k[j - 1]; j--) {
                int x = out[j]; out[j] = out[j - 1]; out[j - 1] = x;
                x = k[j]; k[j] = k[j - 1]; k[j - 1] = x;
            }
    }
    return m;
}

/* The first seat of ``mask`` after ``after`` in play order (-1: none). */
static int next_in(int mask, int after) {
    int above = mask >> (after + 1);
    if (above) return after + 1 + __builtin_ctz(above);
    return mask ? __builtin_ctz(mask) : -1;
}

static int holders(const G *g, const S *s) {
    int mask = 0;
    for (int i = 0; i < g->n; i++) if (s->len[i]) mask |= 1 << i;
    return mask;
}

static int take(const G *g, S *s) {
    int w = s->winner, n = g->n;
    int points = s->tval + (s->tlen / n) * g->round_value, got = s->tval;
    while (s->left > 0) {
        int any = 0;
        for (int k = 0; k < n && s->left > 0; k++) {
            int x = (w + k) % n;
            if (s->len[x] < g->hand_size) {
                int t = g->stock[g->nstock - s->left--];
                s->hand[x] += (uint64_t)1 << (4 * t); s->len[x]++; any = 1;
            }
        }
        if (!any) break;
    }
    s->tlen = 0; s->tval = 0; s->wait = 0; s->led = -1; s->round_led = 0; s->best = 0;
    s->winner = -1;
    int nxt = next_in(holders(g, s), w - 1);
    if (nxt < 0) {
        points += g->bonus;
        s->leader = s->turn = w; s->phase = OVER; s->rem = 0;
    } else {
        s->leader = s->turn = nxt; s->phase = PLAY; s->rem -= got;
    }
    return g->team[w] ? points : 0;
}

static int play(const G *g, S *s, int t) {
    if (t == STOP) return take(g, s);
    int seat = s->turn, r = g->rank[t];
    s->hand[seat] -= (uint64_t)1 << (4 * t); s->len[seat]--; s->cards--;
    int fresh = s->phase == DECIDE || !s->tlen;
    if (fresh) {
        s->wait = holders(g, s) & ~(1 << seat);
    } else {
        s->wait &= ~(1 << seat);
    }
    if (!s->tlen) {
        s->led = r; s->winner = seat;
        if (g->rule == R_LAST) s->round_led = r;
        if (g->rule == R_OSMOVA || g->rule == R_EIGHTS) s->best = r;
    } else if (g->rule == R_LAST) {
        if (fresh) { s->round_led = r; s->winner = seat; }
        else if (r == s->round_led || wild(g, r)) s->winner = seat;
    } else if (g->rule == R_SEDMA) {
        if (r == s->led || wild(g, r)) s->winner = seat;
    } else if (r == s->led || (r == R7 && s->best != R8) || (r == R8 && (g->rule == R_EIGHTS || s->best != R7))) {
        s->winner = seat; s->best = r;
    }
    s->tlen++; s->tval += g->value[t];
    if (s->wait) { s->turn = next_in(s->wait, seat); s->phase = PLAY; }
    else { s->turn = s->leader; s->phase = DECIDE; }
    return 0;
}

/* Whether ``s`` has one move only (or none: over): a hand of one token to play, or a leader
 * who must stop. */
static int is_forced(const G *g, const S *s) {
    if (s->phase == OVER) return 1;
    if (s->phase == PLAY) {
        uint64_t h = s->hand[s->turn], nz = (h | h >> 1 | h >> 2 | h >> 3) & LOW_NIBBLES;
        return (nz & (nz - 1)) == 0;
    }
    int l = s->leader;
    if (!s->len[l] || !(g->always || g->team[l] != g->team[s->winner])) return 1;
    return !(s->hand[l] & g->elig[s->led]);
}

/* Plays the forced moves from ``s`` on (none if it has a choice); what they take. */
static int forced(const G *g, S *s) {
    int gain = 0;
    while (s->phase != OVER && is_forced(g, s)) {
        int t = STOP;
        if (s->phase == PLAY) {
            uint64_t h = s->hand[s->turn];
            t = __builtin_ctzll(h) / 4;
        }
        gain += play(g, s, t);
    }
    return gain;
}

static void keyof(const G *g, const S *s, uint64_t *key) {
    memset(key, 0, sizeof(uint64_t) * KMAX);
    int bits = 4 * g->ntok;
    for (int i = 0; i < g->n; i++) {
        int off = i * bits, w = off / 64, sh = off % 64;
        key[w] |= s->hand[i] << sh;
        if (sh && sh + bits > 64) key[w + 1] |= s->hand[i] >> (64 - sh);
    }
    key[g->kw - 1] = (uint64_t)(uint8_t)s->leader | (uint64_t)(uint8_t)s->turn << 3
        | (uint64_t)s->phase << 6 | (uint64_t)(s->winner + 1) << 8 | (uint64_t)(s->led + 1) << 12
        | (uint64_t)s->round_led << 16 | (uint64_t)s->best << 20 | (uint64_t)s->left << 24
        | (uint64_t)s->tlen << 32 | (uint64_t)(uint16_t)s->tval << 40 | (uint64_t)(uint8_t)s->wait << 56;
}

static uint64_t hash(const G *g, const uint64_t *key) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < g->kw; i++) { h ^= key[i]; h *= 0xBF58476D1CE4E5B9ull; h ^= h >> 31; }
    return h;
}

/* The entry (its words) of ``key`` in its bucket of four; with ``fresh`` (not NULL) one is made
 * if there is none, and *fresh says so. A full bucket gives up the entry of a position with
 * more cards than the deal has left (unreachable now), or else the one with the fewest cards
 * (the least work to redo). */
static uint64_t *find(G *g, const uint64_t *key, int *fresh) {
    uint64_t h = hash(g, key), *base = g->table + (h & g->mask & ~(uint64_t)3) * g->stride, *e;
    size_t size = sizeof(uint64_t) * g->kw;
    uint64_t *victim = NULL;
    int least = 1 << 30;
    for (int p = 0; p < 4; p++) {
        e = base + p * g->stride;
        uint64_t meta = e[g->kw];
        if (!meta) { victim = e; break; }
        if (!memcmp(e, key, size)) { if (fresh) *fresh = 0; return e; }
        int worth = CARDS(meta) > g->root_cards ? -1 : CARDS(meta);
        if (worth < least) { least = worth; victim = e; }
    }
    if (!fresh) return NULL;
    memcpy(victim, key, size); *fresh = 1;
    return victim;
}


static int test(G *g, const S *s, int target) {
    int lo, hi;
    bounds(g, s, &lo, &hi);
    if (target <= lo) return lo;
    if (target > hi) return hi;
    g->nodes++;
    int maxi = g->team[s->turn], mv[MAXT + 1], m = moves(g, s, mv), hint = -2;
    int cards = s->cards;
    /* the table keeps leads, and mid-capture positions only near the top of the tree: a probe
     * is a cache miss, dearer than the few nodes a mid-capture entry saves lower down */
    int keep = m > 1 && cards > SMALL && (!s->tlen || cards > MIDDLE);
    uint64_t key[KMAX], *e = NULL;
    if (keep) {
        keyof(g, s, key);
        e = find(g, key, NULL);
    }
    if (e) {
        uint64_t meta = e[g->kw];
        if (target <= LO(meta)) return LO(meta);
        if (target > HI(meta)) return HI(meta);
        if (LO(meta) > lo) lo = LO(meta);
        if (HI(meta) < hi) hi = HI(meta);
        hint = BEST(meta);
    }
    for (int i = 1; i < m && hint != -2; i++)
        if (mv[i] == hint) { memmove(mv + 1, mv, i * sizeof(int)); mv[0] = hint; break; }
    int bound = 0, have = 0, best = -2, result;
    for (int i = 0; i < m; i++) {
        S c = *s;
        int gain = play(g, &c, mv[i]);
        gain += forced(g, &c);
        int v = gain + test(g, &c, target - gain);
        if ((v >= target) == maxi) { bound = v; best = mv[i]; have = 1; break; }
        if (!have || (maxi ? v > bound : v < bound)) bound = v;
        have = 1;
    }
    result = bound < lo ? lo : bound > hi ? hi : bound;
    if (!keep) return result;
    int fresh;
    e = find(g, key, &fresh);
    uint64_t meta = e[g->kw];
    int elo = fresh ? lo : LO(meta), ehi = fresh ? hi : HI(meta), ebest = fresh ? -2 : BEST(meta);
    if (result >= target) { if (result > elo) elo = result; }
    else if (result < ehi) ehi = result;
    if (best != -2) ebest = best;
    e[g->kw] = META(elo, ehi, ebest, cards);
    return result;
}

static int floordiv(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

static int value(G *g, const S *s, int have_guess, int guess) {
    int lo, hi, step = g->step;
    bounds(g, s, &lo, &hi);
    uint64_t key[KMAX];
    keyof(g, s, key);
    uint64_t *e = find(g, key, NULL);
    if (e) { if (LO(e[g->kw]) > lo) lo = LO(e[g->kw]); if (HI(e[g->kw]) < hi) hi = HI(e[g->kw]); }
    lo = -floordiv(-lo, step) * step; hi = floordiv(hi, step) * step;
    int target = have_guess ? guess : lo + step, tests = 0;
    while (lo < hi) {
        if (tests >= 2) { int k = (hi - lo) / (2 * step); target = lo + (k > 1 ? k : 1) * step; }
        if (target < lo + step) target = lo + step;
        if (target > hi) target = hi;
        target -= (target - lo) % step;
        tests++;
        int v = test(g, s, target);
        if (v >= target) { lo = -floordiv(-v, step) * step; target = v + step; }
        else { hi = floordiv(v, step) * step; target = v; }
    }
    return lo;
}

/* -- the Python side: a capsule per game, positions as flat tuples ------------------------- */

static void drop(PyObject *cap) {
    G *g = PyCapsule_GetPointer(cap, "capture_game");
    if (g) { table_free(g->table, (g->mask + 1) * g->stride * sizeof(uint64_t)); free(g); }
}

static int ints(PyObject *seq, int *out, int cap, const char *what) {
    if (!PyTuple_Check(seq) || PyTuple_GET_SIZE(seq) > cap) {
        PyErr_Format(PyExc_ValueError, "bad %s", what); return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(seq); i++) out[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(seq, i));
    return PyErr_Occurred() ? -1 : (int)PyTuple_GET_SIZE(seq);
}

/* new(team, hand_size, ranks by token, values by token, wild mask, rule, always, any,
 *     round_value, bonus, step, the table's size in MiB) -> a game */
static PyObject *new_game(PyObject *self, PyObject *args) {
    PyObject *team, *ranks, *values;
    int bits;
    G *g = calloc(1, sizeof(G));
    if (g == NULL) return PyErr_NoMemory();
    if (!PyArg_ParseTuple(args, "OiOOiiiiiiii", &team, &g->hand_size, &ranks, &values, &g->wild,
                          &g->rule, &g->always, &g->any, &g->round_value, &g->bonus, &g->step, &bits)
        || (g->n = ints(team, g->team, MAXN, "team")) < 0
        || (g->ntok = ints(ranks, g->rank, MAXT, "tokens")) < 0
        || ints(values, g->value, MAXT, "values") != g->ntok || g->step < 1 || bits < 1 || bits > 4096) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "bad game");
        free(g); return NULL;
    }
    g->kw = (g->n * g->ntok * 4 + 63) / 64 + 1;
    g->stride = g->kw + 1;
    uint64_t entries = 1;
    while (entries * 2 * g->stride * 8 <= ((uint64_t)bits << 20)) entries *= 2;
    g->mask = entries - 1;
    g->nstock = -1;
    for (int r = 0; r < 16; r++)
        for (int t = 0; t < g->ntok; t++)
            if (g->any || g->rank[t] == r || wild(g, g->rank[t])) g->elig[r] |= (uint64_t)15 << (4 * t);
    for (int t = 0; t < g->ntok; t++)
        for (int u = 0; u < g->ntok; u++)
            if (g->rank[u] == g->rank[t] || wild(g, g->rank[u])) g->takers[t] |= (uint64_t)15 << (4 * u);
    if ((g->table = table_new(entries * g->stride * sizeof(uint64_t))) == NULL) { free(g); return PyErr_NoMemory(); }
    return PyCapsule_New(g, "capture_game", drop);
}

/* position: (hands as token tuples, stock tokens, leader, turn, phase, winner, led rank,
 * round's led rank, best rank, table length, table points, waiting seats, points left) */
static int load(G *g, PyObject *pos, S *s) {
    PyObject *hands, *stock, *waiting;
    int leader, turn, phase, winner, led, round_led, best, tlen, tval, rem, toks[64], st[MAXSTOCK];
    if (!PyArg_ParseTuple(pos, "O!O!iiiiiiiiiO!i", &PyTuple_Type, &hands, &PyTuple_Type, &stock,
                          &leader, &turn, &phase, &winner, &led, &round_led, &best, &tlen, &tval,
                          &PyTuple_Type, &waiting, &rem)) return -1;
    if (PyTuple_GET_SIZE(hands) != g->n || tlen > 127) { PyErr_SetString(PyExc_ValueError, "bad position"); return -1; }
    memset(s, 0, sizeof *s);
    for (int i = 0; i < g->n; i++) {
        int k = ints(PyTuple_GET_ITEM(hands, i), toks, 15, "hand");
        if (k < 0) return -1;
        for (int j = 0; j < k; j++) {
            if (toks[j] < 0 || toks[j] >= g->ntok) { PyErr_SetString(PyExc_ValueError, "bad token"); return -1; }
            s->hand[i] += (uint64_t)1 << (4 * toks[j]);
        }
        s->len[i] = (int8_t)k;
    }
    int ns = ints(stock, st, MAXSTOCK, "stock");
    if (ns < 0) return -1;
    int suffix = g->nstock >= ns && !memcmp(g->stock + g->nstock - ns, st, ns * sizeof(int));
    if (!suffix) { /* another deal's stock: what the table knows is of no use */
        if (g->nstock >= 0) memset(g->table, 0, (g->mask + 1) * g->stride * sizeof(uint64_t));
        memcpy(g->stock, st, ns * sizeof(int)); g->nstock = ns;
    }
    s->left = (int8_t)ns; s->cards = (int8_t)ns;
    for (int i = 0; i < g->n; i++) s->cards += s->len[i];
    s->leader = (int8_t)leader; s->turn = (int8_t)turn; s->phase = (int8_t)phase;
    s->winner = (int8_t)winner; s->led = (int8_t)led; s->round_led = (int8_t)round_led;
    s->best = (int8_t)best; s->tlen = (int8_t)tlen; s->tval = (int16_t)tval; s->rem = (int16_t)rem;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(waiting); i++)
        s->wait |= 1 << (int)PyLong_AsLong(PyTuple_GET_ITEM(waiting, i));
    return PyErr_Occurred() ? -1 : 0;
}

static G *game_of(PyObject *cap) { return PyCapsule_GetPointer(cap, "capture_game"); }

/* value(game, position, guess or None) -> the max side's exact future value */
static PyObject *py_value(PyObject *self, PyObject *args) {
    PyObject *cap, *pos, *guess;
    S s;
    if (!PyArg_ParseTuple(args, "OOO", &cap, &pos, &guess)) return NULL;
    G *g = game_of(cap);
    if (g == NULL || load(g, pos, &s) < 0) return NULL;
    g->root_cards = s.cards;
    int v = value(g, &s, guess != Py_None, guess != Py_None ? (int)PyLong_AsLong(guess) : 0);
    return PyErr_Occurred() ? NULL : PyLong_FromLong(v);
}

/* move_values(game, position, guess or None) -> [(token or -1 for stop, value)], in the
 * game's move order, each value the max side's future value with the move's gain */
static PyObject *py_move_values(PyObject *self, PyObject *args) {
    PyObject *cap, *pos, *guess;
    S s;
    int mv[MAXT + 1];
    if (!PyArg_ParseTuple(args, "OOO", &cap, &pos, &guess)) return NULL;
    G *g = game_of(cap);
    if (g == NULL || load(g, pos, &s) < 0) return NULL;
    g->root_cards = s.cards;
    int have = guess != Py_None, gv = have ? (int)PyLong_AsLong(guess) : 0;
    if (PyErr_Occurred()) return NULL;
    int m = moves(g, &s, mv);
    for (int i = 1; i < m && !s.tlen; i++) /* leads in the game's order: tokens ascending */
        for (int j = i; j > 0 && mv[j] < mv[j - 1]; j--) { int x = mv[j]; mv[j] = mv[j - 1]; mv[j - 1] = x; }
    PyObject *out = PyList_New(m);
    if (out == NULL) return NULL;
    for (int i = 0; i < m; i++) {
        S c = s;
        int gain = play(g, &c, mv[i]);
        int v = gain + value(g, &c, have, gv - gain);
        PyList_SET_ITEM(out, i, Py_BuildValue("(ii)", mv[i], v));
    }
    return out;
}

static PyObject *py_nodes(PyObject *self, PyObject *cap) {
    G *g = game_of(cap);
    return g ? PyLong_FromLongLong(g->nodes) : NULL;
}

static PyMethodDef METHODS[] = {
    {"new", new_game, METH_VARARGS, "A capture game to search (see capture_game.py)."},
    {"value", py_value, METH_VARARGS, "The exact future value of a position."},
    {"move_values", py_move_values, METH_VARARGS, "Each move's exact value."},
    {"nodes", py_nodes, METH_O, "Nodes searched so far."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_solve", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__solve(void) { return PyModule_Create(&MODULE); }
