/* Skyjo's greedy bot's compiled playout (see skyjo_greedy.c). */
#ifndef CARDTABLE_SKYJO_GREEDY_H
#define CARDTABLE_SKYJO_GREEDY_H

#include <Python.h>

PyObject *skyjo_greedy_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
