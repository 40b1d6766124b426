/* cardtable.engine.state.weighted_index: random.Random.choices(items, weights)[0],
 * as an index, with each item's weight looked up by the item.
 *
 * A search's informed re-deal draws every card its owner knows this way, from a pool
 * of some forty cards; in Python each draw builds the weights' list and their running
 * sums first. The same sums in the same order, the same random() and the same
 * bisection give the same index.
 */
#include "weighted.h"

#include <math.h>

#include "mt19937.h"
#include "state_io.h"

#define MAX_ITEMS 4096

/* random.Random.random (genrand_res53). */
static double mt_random(RandomObject *r)
{
    uint32_t a = mt_next(r) >> 5, b = mt_next(r) >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

PyObject *rng_weighted_index(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 3 || !PyList_Check(args[1]) || !PyTuple_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "rng_weighted_index(rng, items: list, weights: tuple)");
        return NULL;
    }
    if (check_random(args[0]) < 0)
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(args[1]), size = PyTuple_GET_SIZE(args[2]);
    if (n < 1 || n > MAX_ITEMS) {
        PyErr_Format(PyExc_ValueError, "rng_weighted_index draws from 1 to %d items", MAX_ITEMS);
        return NULL;
    }
    double cum[MAX_ITEMS], sum = 0.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyList_GET_ITEM(args[1], i);
        Py_ssize_t at = PyLong_Check(item) ? PyLong_AsSsize_t(item) : -1;
        if (at < 0 || at >= size) {
            PyErr_Clear();
            PyErr_SetString(PyExc_ValueError, "items must be ints indexing the weights");
            return NULL;
        }
        PyObject *weight = PyTuple_GET_ITEM(args[2], at);
        if (!PyFloat_CheckExact(weight)) {
            PyErr_SetString(PyExc_TypeError, "weights must be floats");
            return NULL;
        }
        sum += PyFloat_AS_DOUBLE(weight); /* itertools.accumulate: left to right */
        cum[i] = sum;
    }
    double total = cum[n - 1];
    if (total <= 0.0) /* choices' own errors */
        return PyErr_Format(PyExc_ValueError, "Total of weights must be greater than zero");
    if (!isfinite(total))
        return PyErr_Format(PyExc_ValueError, "Total of weights must be finite");
    double x = mt_random((RandomObject *)args[0]) * total;
    Py_ssize_t lo = 0, hi = n - 1; /* bisect.bisect_right(cum, x, 0, n - 1) */
    while (lo < hi) {
        Py_ssize_t mid = (lo + hi) / 2;
        if (x < cum[mid])
            hi = mid;
        else
            lo = mid + 1;
    }
    return PyLong_FromSsize_t(lo);
}
