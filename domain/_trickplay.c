/* The trick games' random playout in C: trickplay.play_out's card play (tricks.legal_cards,
 * tricks.trick_winner) on card ids, with its own seeded generator (xoshiro256**, seeded by
 * the caller from its random.Random). trickplay.py keeps the Python kernel as the reference;
 * tests/unit/test_playout.py replays this kernel's moves through the reducers.
 * Card ids: rank index in cards.RANKS times 4 plus suit index in cards.SUITS. */
#include "_playout.h"

#define MAXN 8
#define MAXH 64

typedef struct {
    int n, trump, must_trump, strength[13];
    int hand[MAXN][MAXH], len[MAXN];
    int tseat[MAXN], tcard[MAXN], ntrick;
    int won[MAXN][MAXH * MAXN / 2], nwon[MAXN], counts[MAXN];
    int taken[MAXH * MAXN], ntaken;
    PyObject *trace;
} Deal;

#define SUIT(c) ((c) & 3)
#define STRENGTH(d, c) ((d)->strength[(c) >> 2])

static int trick_winner(const Deal *d) {
    int seat = d->tseat[0], led = SUIT(d->tcard[0]);
    int trumps = led == d->trump, best = STRENGTH(d, d->tcard[0]);
    for (int i = 1; i < d->ntrick; i++) {
        int c = d->tcard[i], own = SUIT(c), k = STRENGTH(d, c);
        if (own == d->trump) {
            if (!trumps || k > best) { seat = d->tseat[i]; trumps = 1; best = k; }
        } else if (own == led && !trumps && k > best) { seat = d->tseat[i]; best = k; }
    }
    return seat;
}

static int legal(const Deal *d, int seat, int *out) {
    const int *h = d->hand[seat];
    int n = d->len[seat], m = 0;
    if (d->ntrick) {
        int led = SUIT(d->tcard[0]);
        for (int i = 0; i < n; i++) if (SUIT(h[i]) == led) out[m++] = h[i];
        if (m) return m;
        if (d->must_trump && d->trump >= 0) {
            for (int i = 0; i < n; i++) if (SUIT(h[i]) == d->trump) out[m++] = h[i];
            if (m) return m;
        }
    }
    memcpy(out, h, n * sizeof(int));
    return n;
}

static int note(Deal *d, int seat, int card, const int *opts, int m) {
    if (d->trace == NULL) return 0;
    PyObject *t = PyTuple_New(m);
    if (t == NULL) return -1;
    for (int i = 0; i < m; i++) PyTuple_SET_ITEM(t, i, PyLong_FromLong(opts[i]));
    PyObject *item = Py_BuildValue("(iiN)", seat, card, t);
    if (item == NULL) return -1;
    int rc = PyList_Append(d->trace, item);
    Py_DECREF(item);
    return rc;
}

static int run(Deal *d, Rng *rng, int turn, int *leader) {
    int opts[MAXH];
    for (;;) {
        if (d->ntrick == d->n) {
            *leader = turn = trick_winner(d);
            d->counts[turn]++;
            for (int i = 0; i < d->n; i++) {
                d->won[turn][d->nwon[turn]++] = d->tcard[i];
                d->taken[d->ntaken++] = d->tcard[i];
            }
            d->ntrick = 0;
            int any = 0;
            for (int s = 0; s < d->n; s++) any |= d->len[s];
            if (!any) return 0;
            continue;
        }
        int m = legal(d, turn, opts);
        if (m == 0) { PyErr_SetString(PyExc_ValueError, "a seat to play holds no card"); return -1; }
        int card = opts[pick(rng, m)];
        if (note(d, turn, card, opts, m) < 0) return -1;
        int *h = d->hand[turn];
        for (int i = 0; i < d->len[turn]; i++)
            if (h[i] == card) { memmove(h + i, h + i + 1, (d->len[turn] - i - 1) * sizeof(int)); break; }
        d->len[turn]--;
        d->tseat[d->ntrick] = turn; d->tcard[d->ntrick++] = card;
        turn = (turn + 1) % d->n;
    }
}

static int load(Deal *d, PyObject *hands, PyObject *trick, PyObject *counts, PyObject *strength) {
    if (d->n < 1 || d->n > MAXN || PyTuple_GET_SIZE(counts) != d->n || PyTuple_GET_SIZE(trick) > d->n
        || PyTuple_GET_SIZE(strength) != 13) { PyErr_SetString(PyExc_ValueError, "bad state"); return -1; }
    for (int k = 0; k < 13; k++) d->strength[k] = (int)PyLong_AsLong(PyTuple_GET_ITEM(strength, k));
    for (int s = 0; s < d->n; s++) {
        PyObject *h = PyTuple_GET_ITEM(hands, s);
        if (!PyTuple_Check(h) || PyTuple_GET_SIZE(h) > MAXH) { PyErr_SetString(PyExc_ValueError, "bad hand"); return -1; }
        d->len[s] = (int)PyTuple_GET_SIZE(h);
        for (int i = 0; i < d->len[s]; i++) if ((d->hand[s][i] = card_id(PyTuple_GET_ITEM(h, i))) < 0) return -1;
        d->counts[s] = (int)PyLong_AsLong(PyTuple_GET_ITEM(counts, s));
        d->nwon[s] = 0;
    }
    d->ntrick = (int)PyTuple_GET_SIZE(trick);
    for (int i = 0; i < d->ntrick; i++) {
        PyObject *pair = PyTuple_GET_ITEM(trick, i);
        d->tseat[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
        if ((d->tcard[i] = card_id(PyTuple_GET_ITEM(pair, 1))) < 0) return -1;
    }
    d->ntaken = 0;
    return PyErr_Occurred() ? -1 : 0;
}

/* play_out(hands, trick, turn, leader, tricks_won, strength by rank index, trump suit index or
 * -1, must_trump, seed, trace) -> (tricks_won, won per seat, taken, leader, trace or None) */
static PyObject *play_out(PyObject *self, PyObject *args) {
    static Deal d;
    PyObject *hands, *trick, *counts, *strength;
    int turn, leader, want;
    unsigned long long seed;
    if (!ready()) return NULL;
    if (!PyArg_ParseTuple(args, "O!O!iiO!O!iiKp", &PyTuple_Type, &hands, &PyTuple_Type, &trick,
                          &turn, &leader, &PyTuple_Type, &counts, &PyTuple_Type, &strength,
                          &d.trump, &d.must_trump, &seed, &want)) return NULL;
    d.n = (int)PyTuple_GET_SIZE(hands);
    if (load(&d, hands, trick, counts, strength) < 0) return NULL;
    d.trace = NULL;
    if (want && (d.trace = PyList_New(0)) == NULL) return NULL;
    Rng rng = seeded(seed);
    PyObject *out = NULL;
    if (run(&d, &rng, turn, &leader) == 0) {
        PyObject *cs = PyTuple_New(d.n), *won = PyTuple_New(d.n);
        for (int s = 0; s < d.n; s++) {
            PyTuple_SET_ITEM(cs, s, PyLong_FromLong(d.counts[s]));
            PyTuple_SET_ITEM(won, s, names(d.won[s], d.nwon[s]));
        }
        PyObject *trace = d.trace ? d.trace : Py_None;
        Py_INCREF(trace);
        out = Py_BuildValue("(NNNiN)", cs, won, names(d.taken, d.ntaken), leader, trace);
    }
    Py_XDECREF(d.trace);
    return out;
}

static PyMethodDef METHODS[] = {
    PLAYOUT_INIT_METHOD,
    {"play_out", play_out, METH_VARARGS, "A random playout of the tricks left (see trickplay.py)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_trickplay", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__trickplay(void) { return PyModule_Create(&MODULE); }
