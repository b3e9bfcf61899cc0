/* What the compiled playout kernels (domain/_trickplay.c, domain/sedma/_kernel.c) share: the
 * card tables the caller hands over once (init), the card <-> id conversions, and the seeded
 * generator (xoshiro256**, its state filled by splitmix64 from the caller's 64-bit seed, so
 * a seed gives one deal). Card ids: rank index in cards.RANKS times 4 plus suit index in
 * cards.SUITS. Each kernel includes this once, before its own code. */
#ifndef TRICKLOG_PLAYOUT_H
#define TRICKLOG_PLAYOUT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

static PyObject *INDEX = NULL; /* card str -> id */
static PyObject *NAMES = NULL; /* id -> card str */

typedef struct { uint64_t s[4]; } Rng;

static inline uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t next64(Rng *r) {
    uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 45);
    return out;
}
/* A uniform index below n. */
static inline int pick(Rng *r, int n) { return (int)(((next64(r) >> 32) * (uint64_t)n) >> 32); }

static inline Rng seeded(unsigned long long seed) {
    Rng rng; uint64_t x = seed;
    for (int i = 0; i < 4; i++) rng.s[i] = splitmix(&x);
    return rng;
}

/* A card's id; -1 with an exception set for a card the tables do not hold. */
static inline int card_id(PyObject *card) {
    PyObject *id = PyDict_GetItemWithError(INDEX, card);
    if (id == NULL) { if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "unknown card"); return -1; }
    return (int)PyLong_AsLong(id);
}

/* The cards of ids as a tuple of their names. */
static inline PyObject *names(const int *cards, int n) {
    PyObject *t = PyTuple_New(n);
    if (t == NULL) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *c = PyTuple_GET_ITEM(NAMES, cards[i]);
        Py_INCREF(c); PyTuple_SET_ITEM(t, i, c);
    }
    return t;
}

/* Whether init was called; else an exception is set. */
static inline int ready(void) {
    if (INDEX == NULL) { PyErr_SetString(PyExc_RuntimeError, "init first"); return 0; }
    return 1;
}

static PyObject *init(PyObject *self, PyObject *args) {
    PyObject *index, *names_;
    if (!PyArg_ParseTuple(args, "O!O!", &PyDict_Type, &index, &PyTuple_Type, &names_)) return NULL;
    Py_INCREF(index); Py_INCREF(names_);
    Py_XSETREF(INDEX, index); Py_XSETREF(NAMES, names_);
    Py_RETURN_NONE;
}

#define PLAYOUT_INIT_METHOD {"init", init, METH_VARARGS, "init(card -> id dict, id -> card tuple)"}

#endif
