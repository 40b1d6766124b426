/* Reading a Python game state's attributes into C values and writing them back. */
#ifndef CARDTABLE_STATE_IO_H
#define CARDTABLE_STATE_IO_H

#include <Python.h>
#include <stdint.h>

/* random.Random, the one class of generators the compiled playouts draw from (set by the
 * module); its objects are _random.Random objects, whose state mt19937.h reads. */
extern PyTypeObject *random_type;

int check_random(PyObject *rng);
/* An attribute name (a string literal) as an interned str, made once: lookups by it
 * skip building and hashing a new string each time. Borrowed; NULL on error. */
PyObject *attr_name(const char *name);
/* getattr and setattr by such a name. */
PyObject *get_attr(PyObject *obj, const char *name);
int set_attr(PyObject *obj, const char *name, PyObject *value);
int get_int(PyObject *obj, const char *name, int *out);
int get_long(PyObject *obj, const char *name, long *out);
int get_int_or_none(PyObject *obj, const char *name, int *out, int none);
int get_longs(PyObject *obj, const char *name, int n, long *out);
/* A list of small ints into out[0..max); returns its length, -1 on error. */
int get_bytes(PyObject *obj, const char *name, int max, int8_t *out);
/* A list of n lists of width small ints into out (row after row). */
int get_rows(PyObject *obj, const char *name, int n, int width, int8_t *out);

/* Set attribute name to value, a new reference that it releases (NULL: an error
 * already set, passed on). */
int set_object(PyObject *obj, const char *name, PyObject *value);
int set_int(PyObject *obj, const char *name, int value);
int set_int_or_none(PyObject *obj, const char *name, int value, int none);
int set_longs(PyObject *obj, const char *name, int n, const long *values);
int set_bytes(PyObject *obj, const char *name, int n, const int8_t *values);
int set_rows(PyObject *obj, const char *name, int n, int width, const int8_t *values);

#endif
