/* cardtable._core._native: the compiled hot paths (see cardtable/_core/__init__.py).
 *
 * Besides the playouts it exposes the generator primitives they are built on, so that
 * the package can check them against Python's own random.Random before using them.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include "cactus.h"
#include "lastcard_playout.h"
#include "lastcard_vec.h"
#include "mt19937.h"
#include "weighted.h"
#include "skyjo.h"
#include "skyjo_greedy.h"
#include "state_io.h"

/* The one int argument after the generator; -1 with an error set otherwise. */
static long rng_and_long(PyObject *const *args, Py_ssize_t nargs, const char *usage)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, usage);
        return -1;
    }
    if (check_random(args[0]) < 0)
        return -1;
    return PyLong_AsLong(args[1]);
}

static PyObject *rng_bits(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    long k = rng_and_long(args, nargs, "rng_bits(rng, k)");
    if (k == -1 && PyErr_Occurred())
        return NULL;
    if (k < 1 || k > 32)
        return PyErr_Format(PyExc_ValueError, "k must be 1..32, not %ld", k);
    return PyLong_FromUnsignedLong(mt_bits((RandomObject *)args[0], (int)k));
}

static PyObject *rng_index(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    long n = rng_and_long(args, nargs, "rng_index(rng, n)");
    if (n == -1 && PyErr_Occurred())
        return NULL;
    if (n < 1 || n > INT32_MAX)
        return PyErr_Format(PyExc_ValueError, "n must be 1..2**31-1, not %ld", n);
    return PyLong_FromLong(mt_index((RandomObject *)args[0], (int)n));
}

/* cardtable.engine.state.shuffle on any list: the same swaps, drawn in C. */
static PyObject *rng_shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "rng_shuffle(rng, items)");
        return NULL;
    }
    if (check_random(args[0]) < 0)
        return NULL;
    if (!PyList_CheckExact(args[1]) || PyList_GET_SIZE(args[1]) > INT32_MAX) {
        PyErr_SetString(PyExc_TypeError, "rng_shuffle shuffles a list");
        return NULL;
    }
    RandomObject *rng = (RandomObject *)args[0];
    PyObject **items = ((PyListObject *)args[1])->ob_item;
    for (int i = (int)PyList_GET_SIZE(args[1]) - 1; i > 0; i--) {
        int k = bit_length((uint32_t)(i + 1));
        uint32_t j;
        do
            j = mt_bits(rng, k);
        while (j > (uint32_t)i);
        PyObject *t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
    Py_RETURN_NONE;
}

/* A random.Random that draws what rng draws next: its words copied, no seeding. */
static PyObject *rng_copy(PyObject *module, PyObject *rng)
{
    (void)module;
    if (check_random(rng) < 0)
        return NULL;
    PyObject *gauss = PyObject_GetAttrString(rng, "gauss_next");
    if (gauss == NULL)
        return NULL;
    PyObject *twin = random_type->tp_alloc(random_type, 0);
    if (twin != NULL) {
        ((RandomObject *)twin)->index = ((RandomObject *)rng)->index;
        memcpy(((RandomObject *)twin)->state, ((RandomObject *)rng)->state, sizeof(uint32_t) * MT_N);
        if (PyObject_SetAttrString(twin, "gauss_next", gauss) < 0)
            Py_CLEAR(twin);
    }
    Py_DECREF(gauss);
    return twin;
}

static PyMethodDef methods[] = {
    {"rng_shuffle", (PyCFunction)(void (*)(void))rng_shuffle, METH_FASTCALL,
     "rng_shuffle(rng, items): cardtable.engine.state.shuffle(rng, items), drawn in C."},
    {"rng_bits", (PyCFunction)(void (*)(void))rng_bits, METH_FASTCALL,
     "rng_bits(rng, k): rng.getrandbits(k) for 1 <= k <= 32, drawn in C."},
    {"rng_index", (PyCFunction)(void (*)(void))rng_index, METH_FASTCALL,
     "rng_index(rng, n): cardtable.engine.state.random_index(rng, n), drawn in C."},
    {"rng_copy", rng_copy, METH_O,
     "rng_copy(rng): a random.Random that draws what rng draws next (copy_rng, in C)."},
    {"skyjo_setup", skyjo_setup, METH_O,
     "skyjo_setup(entries): the log entries the Skyjo playout appends, by move and seat."},
    {"skyjo_random_playout", (PyCFunction)(void (*)(void))skyjo_random_playout, METH_FASTCALL,
     "skyjo_random_playout(state, state_rng, rng, until_round_end): SkyjoState.random_playout."},
    {"rng_weighted_index", (PyCFunction)(void (*)(void))rng_weighted_index, METH_FASTCALL,
     "rng_weighted_index(rng, items, weights): cardtable.engine.state.weighted_index, drawn in C."},
    {"cactus_setup", cactus_setup, METH_O,
     "cactus_setup(entries): the log entries the Cactus playouts append, by action index and seat."},
    {"cactus_random_playout", (PyCFunction)(void (*)(void))cactus_random_playout, METH_FASTCALL,
     "cactus_random_playout(state, state_rng, rng, until_round_end): CactusState.random_playout, "
     "or None for a state it cannot hold."},
    {"cactus_greedy_playout", (PyCFunction)(void (*)(void))cactus_greedy_playout, METH_FASTCALL,
     "cactus_greedy_playout(state, state_rng, chance): CactusGreedy.playout's round, "
     "or None for a state it cannot hold."},
    {"skyjo_greedy_playout", (PyCFunction)(void (*)(void))skyjo_greedy_playout, METH_FASTCALL,
     "skyjo_greedy_playout(state, state_rng, chance, bot_rng): Bot.playout with SkyjoGreedy."},
    {"lastcard_setup", lastcard_setup, METH_O,
     "lastcard_setup(entries): the log entries the Last Card playouts append, by move and seat."},
    {"lastcard_random_playout", (PyCFunction)(void (*)(void))lastcard_random_playout, METH_FASTCALL,
     "lastcard_random_playout(state, state_rng, rng, until_round_end): LastCardState.random_playout."},
    {"lastcard_heuristic_playout", (PyCFunction)(void (*)(void))lastcard_heuristic_playout, METH_FASTCALL,
     "lastcard_heuristic_playout(state, state_rng): LastCardHeuristicBot.playout."},
    {"lastcard_vec_new", (PyCFunction)(void (*)(void))lastcard_vec_new, METH_FASTCALL,
     "lastcard_vec_new(template, obs, mask, seat, offsets, phase_index, play_index, draw_index, "
     "keep_index, total_scale): batched Last Card environments (cardtable.rl.native_vector)."},
    {"lastcard_vec_reset", (PyCFunction)(void (*)(void))lastcard_vec_reset, METH_FASTCALL,
     "lastcard_vec_reset(vec, i, match_seed): a new match in environment i, observed; "
     "False when its round ended before the learner's first decision."},
    {"lastcard_vec_step", (PyCFunction)(void (*)(void))lastcard_vec_step, METH_FASTCALL,
     "lastcard_vec_step(vec, actions, playing, rewards, terminated): one step of every playing environment."},
    {"lastcard_vec_observe", (PyCFunction)(void (*)(void))lastcard_vec_observe, METH_FASTCALL,
     "lastcard_vec_observe(vec, state, seat, over): a seat's observation and mask of a state, "
     "into row 0; False for a state the C does not hold."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "cardtable's compiled hot paths.", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void)
{
    PyObject *random = PyImport_ImportModule("random");
    if (random == NULL)
        return NULL;
    random_type = (PyTypeObject *)PyObject_GetAttrString(random, "Random");
    Py_DECREF(random);
    if (random_type == NULL)
        return NULL;
    return PyModule_Create(&module);
}
