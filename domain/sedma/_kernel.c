/* The Sedma family's random playout in C: the same card play as playout.py's _CaptureDeal
 * (the capture engine of capture.py, the stock drawn as drawing.py draws it), on card ids
 * instead of strings, with its own seeded generator (xoshiro256**, seeded by the caller from
 * its random.Random), so a seed gives one deal. playout.py keeps the Python kernel as the
 * reference; tests/unit/test_playout.py replays this kernel's moves through the reducers.
 *
 * Card ids: rank index in cards.RANKS times 4 plus suit index in cards.SUITS (0..51); the
 * caller hands over its card -> id dict and the id -> card tuple once (init). */
#include "../_playout.h"

#define MAXN 8
#define MAXC 112 /* two packs of 52 and room */
#define STOP (-1)

typedef struct {
    int n, hand_size, wild, rule, always, any, solo_king, side[MAXN];
} Rules;
enum { R_SEDMA, R_OSMOVA, R_EIGHTS, R_LAST };
#define R7 7
#define R8 6

typedef struct {
    int hand[MAXN][MAXC], len[MAXN];
    int stock[MAXC], nstock, top;
    int tseat[MAXC], tcard[MAXC], ntable, round_start;
    int waiting[MAXN], nwait;
    int newwon[MAXN][MAXC], nnew[MAXN], captures[MAXN];
    int leader, turn, phase, last, solo; /* phase: 0 play, 1 decide, 2 score */
    PyObject *trace;
} Deal;

static int rank_of(const Rules *r, int card) { return card == r->solo_king ? R7 : card / 4; }

static int winner(const Rules *r, const Deal *d) {
    int from = r->rule == R_LAST ? d->round_start : 0;
    int led = rank_of(r, d->tcard[from]), seat = d->tseat[from], best = led;
    for (int i = from + 1; i < d->ntable; i++) {
        int k = rank_of(r, d->tcard[i]);
        if (r->rule == R_OSMOVA || r->rule == R_EIGHTS) {
            if (k == led || (k == R7 && best != R8) || (k == R8 && (r->rule == R_EIGHTS || best != R7))) {
                seat = d->tseat[i]; best = k;
            }
        } else if (k == led || ((r->wild >> k) & 1)) {
            seat = d->tseat[i];
        }
    }
    return seat;
}

/* Distinct cards of a hand in hand order (dict.fromkeys). */
static int distinct(const int *cards, int n, int *out) {
    int m = 0;
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int j = 0; j < m; j++) if (out[j] == cards[i]) { seen = 1; break; }
        if (!seen) out[m++] = cards[i];
    }
    return m;
}

static int note(Deal *d, int seat, int move, const int *opts, int m) {
    if (d->trace == NULL) return 0;
    PyObject *legal = PyTuple_New(m);
    if (legal == NULL) return -1;
    for (int i = 0; i < m; i++) PyTuple_SET_ITEM(legal, i, PyLong_FromLong(opts[i]));
    PyObject *item = Py_BuildValue("(iiN)", seat, move, legal);
    if (item == NULL) return -1;
    int rc = PyList_Append(d->trace, item);
    Py_DECREF(item);
    return rc;
}

static void lay(const Rules *r, Deal *d, int card, int fresh) {
    int seat = d->turn, *h = d->hand[seat], n = r->n;
    for (int i = 0; i < d->len[seat]; i++)
        if (h[i] == card) { memmove(h + i, h + i + 1, (d->len[seat] - i - 1) * sizeof(int)); break; }
    d->len[seat]--;
    if (card == r->solo_king) d->solo = seat;
    if (fresh) {
        d->nwait = 0;
        for (int k = 1; k < n; k++) { int s = (seat + k) % n; if (d->len[s]) d->waiting[d->nwait++] = s; }
        d->round_start = d->ntable;
    } else {
        memmove(d->waiting, d->waiting + 1, (d->nwait - 1) * sizeof(int)); d->nwait--;
    }
    d->tseat[d->ntable] = seat; d->tcard[d->ntable++] = card;
    if (d->nwait) { d->turn = d->waiting[0]; d->phase = 0; } else { d->turn = d->leader; d->phase = 1; }
}

static void take(const Rules *r, Deal *d) {
    int n = r->n;
    d->leader = winner(r, d);
    int side = r->side[d->leader];
    for (int i = 0; i < d->ntable; i++) d->newwon[side][d->nnew[side]++] = d->tcard[i];
    d->captures[side]++;
    d->last = side; d->ntable = 0; d->round_start = 0;
    while (d->top < d->nstock) { /* drawing.draws: one card a seat from the leader, until full */
        int any = 0;
        for (int k = 0; k < n && d->top < d->nstock; k++) {
            int s = (d->leader + k) % n;
            if (d->len[s] < r->hand_size) { d->hand[s][d->len[s]++] = d->stock[d->top++]; any = 1; }
        }
        if (!any) break;
    }
    for (int k = 0; k < n; k++) {
        int s = (d->leader + k) % n;
        if (d->len[s]) { d->leader = d->turn = s; d->phase = 0; return; }
    }
    d->phase = 2;
}

static int may_go_on(const Rules *r, const Deal *d) {
    if (!d->len[d->leader]) return 0;
    return r->always || r->side[d->leader] != r->side[winner(r, d)];
}

static int run(const Rules *r, Deal *d, Rng *rng) {
    int opts[MAXC + 1], elig[MAXC];
    while (d->phase != 2) {
        if (d->phase == 0) {
            int m = distinct(d->hand[d->turn], d->len[d->turn], opts);
            int card = opts[pick(rng, m)];
            if (note(d, d->turn, card, opts, m) < 0) return -1;
            lay(r, d, card, d->ntable == 0);
            continue;
        }
        if (!may_go_on(r, d)) { take(r, d); continue; }
        int ne = 0, led = rank_of(r, d->tcard[0]), *h = d->hand[d->leader];
        for (int i = 0; i < d->len[d->leader]; i++) {
            int k = rank_of(r, h[i]);
            if (r->any || k == led || ((r->wild >> k) & 1)) elig[ne++] = h[i];
        }
        int m = distinct(elig, ne, opts);
        opts[m++] = STOP;
        int card = opts[pick(rng, m)];
        if (note(d, d->leader, card, opts, m) < 0) return -1;
        if (card == STOP) take(r, d); else lay(r, d, card, 1);
    }
    return 0;
}

/* A sequence of cards to ids; -1 with an exception set on a bad card or too many. */
static int ids(PyObject *seq, int *out, int cap) {
    PyObject *fast = PySequence_Fast(seq, "cards must be a sequence");
    if (fast == NULL) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > cap) { Py_DECREF(fast); PyErr_SetString(PyExc_ValueError, "too many cards"); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        if ((out[i] = card_id(PySequence_Fast_GET_ITEM(fast, i))) < 0) { Py_DECREF(fast); return -1; }
    }
    Py_DECREF(fast);
    return (int)n;
}

static int load(PyObject *params, Rules *r) {
    PyObject *sides;
    if (!PyArg_ParseTuple(params, "iiiiiiiO", &r->n, &r->hand_size, &r->wild, &r->rule,
                          &r->always, &r->any, &r->solo_king, &sides)) return -1;
    if (r->n < 1 || r->n > MAXN || PyTuple_Size(sides) != r->n) {
        PyErr_SetString(PyExc_ValueError, "bad rules"); return -1;
    }
    for (int i = 0; i < r->n; i++) r->side[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(sides, i));
    return 0;
}

static int load_table(PyObject *table, Deal *d) {
    Py_ssize_t n = PyTuple_Size(table);
    if (n < 0 || n > MAXC) { PyErr_SetString(PyExc_ValueError, "bad table"); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PyTuple_GET_ITEM(table, i);
        d->tseat[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
        if ((d->tcard[i] = card_id(PyTuple_GET_ITEM(pair, 1))) < 0) return -1;
    }
    d->ntable = (int)n;
    return 0;
}

static PyObject *result(const Rules *r, Deal *d, PyObject *won) {
    int nsides = (int)PyTuple_Size(won);
    PyObject *hands = PyTuple_New(r->n), *wonout = PyTuple_New(nsides), *caps = PyTuple_New(nsides);
    for (int s = 0; s < r->n; s++) PyTuple_SET_ITEM(hands, s, names(d->hand[s], d->len[s]));
    for (int s = 0; s < nsides; s++) {
        PyObject *extra = names(d->newwon[s], d->nnew[s]);
        PyTuple_SET_ITEM(wonout, s, PySequence_Concat(PyTuple_GET_ITEM(won, s), extra));
        Py_DECREF(extra);
        PyTuple_SET_ITEM(caps, s, PyLong_FromLong(d->captures[s]));
    }
    PyObject *wait = PyTuple_New(d->nwait);
    for (int i = 0; i < d->nwait; i++) PyTuple_SET_ITEM(wait, i, PyLong_FromLong(d->waiting[i]));
    PyObject *trace = d->trace ? d->trace : Py_None;
    Py_INCREF(trace);
    return Py_BuildValue("(NNiNNiiN)", hands, wait, d->leader, wonout, caps, d->last, d->solo, trace);
}

/* play_out(params, hands, stock, table, waiting, won, captures, leader, turn, decide,
 *          round_start, last, solo, seed, trace) -> (hands, waiting, leader, won, captures,
 *          last, solo, trace or None); last and solo -1 for None. */
static PyObject *play_out(PyObject *self, PyObject *args) {
    PyObject *params, *hands, *stock, *table, *waiting, *won, *captures;
    int leader, turn, decide, round_start, last, solo, want;
    unsigned long long seed;
    Rules r;
    static Deal d;
    if (!ready()) return NULL;
    if (!PyArg_ParseTuple(args, "OO!OO!O!O!O!iiiiiiKp", &params, &PyTuple_Type, &hands, &stock,
                          &PyTuple_Type, &table, &PyTuple_Type, &waiting, &PyTuple_Type, &won,
                          &PyTuple_Type, &captures, &leader, &turn, &decide, &round_start,
                          &last, &solo, &seed, &want)) return NULL;
    if (load(params, &r) < 0) return NULL;
    if (PyTuple_GET_SIZE(hands) != r.n || PyTuple_GET_SIZE(won) > MAXN
        || PyTuple_GET_SIZE(captures) != PyTuple_GET_SIZE(won) || PyTuple_GET_SIZE(waiting) > MAXN) {
        PyErr_SetString(PyExc_ValueError, "bad state"); return NULL;
    }
    for (int s = 0; s < r.n; s++)
        if ((d.len[s] = ids(PyTuple_GET_ITEM(hands, s), d.hand[s], MAXC / 2)) < 0) return NULL;
    if ((d.nstock = ids(stock, d.stock, MAXC)) < 0) return NULL;
    d.top = 0;
    if (load_table(table, &d) < 0) return NULL;
    d.nwait = (int)PyTuple_GET_SIZE(waiting);
    for (int i = 0; i < d.nwait; i++) d.waiting[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(waiting, i));
    for (int s = 0; s < PyTuple_GET_SIZE(won); s++) {
        d.nnew[s] = 0; d.captures[s] = (int)PyLong_AsLong(PyTuple_GET_ITEM(captures, s));
    }
    d.leader = leader; d.turn = turn; d.phase = decide ? 1 : 0; d.round_start = round_start;
    d.last = last; d.solo = solo; d.trace = NULL;
    if (PyErr_Occurred()) return NULL;
    if (want && (d.trace = PyList_New(0)) == NULL) return NULL;
    Rng rng = seeded(seed);
    PyObject *out = run(&r, &d, &rng) < 0 ? NULL : result(&r, &d, won);
    Py_XDECREF(d.trace);
    return out;
}

static PyMethodDef METHODS[] = {
    PLAYOUT_INIT_METHOD,
    {"play_out", play_out, METH_VARARGS, "A random playout of a capture deal (see playout.py)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_kernel", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__kernel(void) { return PyModule_Create(&MODULE); }
