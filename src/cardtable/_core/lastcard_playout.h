/* Last Card's compiled playouts (see lastcard_playout.c). */
#ifndef CARDTABLE_LASTCARD_PLAYOUT_H
#define CARDTABLE_LASTCARD_PLAYOUT_H

#include <Python.h>

PyObject *lastcard_setup(PyObject *module, PyObject *table);
PyObject *lastcard_random_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *lastcard_heuristic_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
