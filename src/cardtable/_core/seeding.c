/* Random.seed(n) for an int n, cheaply when n repeats.
 *
 * A search seeds a fresh generator with the same number for every clone and every
 * rollout of a batch of iterations, and seeding a Mersenne Twister (624 words mixed
 * twice over) costs more than the rest of a short clone. The last seed's generator
 * state is kept: seeding with it again copies those words. Any other seed goes
 * through Random.seed itself, whose result is then kept, so the state is always the
 * one Python's own seeding gives.
 */
#include "seeding.h"

#include <string.h>

#include "mt19937.h"
#include "state_io.h"

static PyObject *last_seed; /* an int */
static RandomObject last_state;

PyObject *rng_seed(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 2 || !PyLong_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "rng_seed(rng, n) seeds with an int");
        return NULL;
    }
    if (check_random(args[0]) < 0)
        return NULL;
    RandomObject *rng = (RandomObject *)args[0];
    PyObject *seed = args[1];
    int same = last_seed == NULL ? 0 : PyObject_RichCompareBool(last_seed, seed, Py_EQ);
    if (same < 0)
        return NULL;
    if (!same) {
        PyObject *done = PyObject_CallMethod(args[0], "seed", "O", seed);
        if (done == NULL)
            return NULL;
        Py_DECREF(done);
        last_state.index = rng->index;
        memcpy(last_state.state, rng->state, sizeof last_state.state);
        Py_INCREF(seed);
        Py_XSETREF(last_seed, seed);
        Py_RETURN_NONE;
    }
    rng->index = last_state.index;
    memcpy(rng->state, last_state.state, sizeof rng->state);
    if (set_attr(args[0], "gauss_next", Py_None) < 0) /* as Random.seed */
        return NULL;
    Py_RETURN_NONE;
}
