/* Batched Last Card environments stepped in C (see lastcard_vec.c). */
#ifndef CARDTABLE_LASTCARD_VEC_H
#define CARDTABLE_LASTCARD_VEC_H

#include <Python.h>

PyObject *lastcard_vec_new(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *lastcard_vec_reset(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *lastcard_vec_step(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
PyObject *lastcard_vec_observe(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
