/* Re-seeding a generator as Random.seed(n) does, cheaply when n repeats (see seeding.c). */
#ifndef CARDTABLE_SEEDING_H
#define CARDTABLE_SEEDING_H

#include <Python.h>

PyObject *rng_seed(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
