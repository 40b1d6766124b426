/* Cactus's compiled playouts, random and greedy (see cactus.c). */
#ifndef CARDTABLE_CACTUS_H
#define CARDTABLE_CACTUS_H

#include <Python.h>

PyObject *cactus_setup(PyObject *module, PyObject *table);
PyObject *cactus_random_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *cactus_greedy_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
