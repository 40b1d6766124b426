/* Skyjo's compiled random playout (see skyjo.c). */
#ifndef CARDTABLE_SKYJO_H
#define CARDTABLE_SKYJO_H

#include <Python.h>

PyObject *skyjo_setup(PyObject *module, PyObject *table);
PyObject *skyjo_random_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
