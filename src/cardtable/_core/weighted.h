/* A weighted draw as random.Random.choices makes it (see weighted.c). */
#ifndef CARDTABLE_WEIGHTED_H
#define CARDTABLE_WEIGHTED_H

#include <Python.h>

PyObject *rng_weighted_index(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
