/* Last Card's compiled playouts (see lastcard_playout.c). */
#ifndef CARDTABLE_LASTCARD_PLAYOUT_H
#define CARDTABLE_LASTCARD_PLAYOUT_H

#include <Python.h>

#include "lastcard.h"

PyObject *lastcard_setup(PyObject *module, PyObject *table);
PyObject *lastcard_random_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);
/* The heuristic bot's play among the playable types mine (bot._choice): its type, and
 * in *i its index in PLAYS[call][t]. Needs lastcard_setup. */
int lc_heuristic_choice(const LastCard *g, int seat, uint64_t mine, int *i);
PyObject *lastcard_heuristic_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
