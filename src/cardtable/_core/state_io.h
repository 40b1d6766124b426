/* Reading a Python game state's attributes into C values and writing them back. */
#ifndef CARDTABLE_STATE_IO_H
#define CARDTABLE_STATE_IO_H

#include <Python.h>
#include <stdint.h>

/* random.Random, the one class of generators the compiled playouts draw from (set by the
 * module); its objects are _random.Random objects, whose state mt19937.h reads. */
extern PyTypeObject *random_type;

int check_random(PyObject *rng);
int get_int(PyObject *obj, const char *name, int *out);
int get_long(PyObject *obj, const char *name, long *out);
int get_int_or_none(PyObject *obj, const char *name, int *out, int none);
int get_longs(PyObject *obj, const char *name, int n, long *out);
/* A list of small ints into out[0..max); returns its length, -1 on error. */
int get_bytes(PyObject *obj, const char *name, int max, int8_t *out);
/* A list of n lists of width small ints into out (row after row). */
int get_rows(PyObject *obj, const char *name, int n, int width, int8_t *out);

/* A round's scores, n of them, appended to the list of rounds as a new list. */
int append_scores(PyObject *rounds, int n, const long *scores);

int set_int(PyObject *obj, const char *name, int value);
int set_int_or_none(PyObject *obj, const char *name, int value, int none);
int set_longs(PyObject *obj, const char *name, int n, const long *values);
int set_bytes(PyObject *obj, const char *name, int n, const int8_t *values);
int set_rows(PyObject *obj, const char *name, int n, int width, const int8_t *values);

#endif
