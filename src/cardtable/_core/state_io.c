/* Reading a Python game state's attributes into C values and writing them back.
 *
 * Every reader checks types and sizes and raises a Python error naming the attribute,
 * so a state the compiled code cannot hold is refused before anything changes.
 */
#include "state_io.h"

PyTypeObject *random_type;

#define NAME_SLOTS 256 /* more than the attribute names of every reader and writer */

PyObject *attr_name(const char *name)
{
    static const char *keys[NAME_SLOTS];
    static PyObject *values[NAME_SLOTS];
    size_t i = ((uintptr_t)name >> 3) % NAME_SLOTS;
    for (size_t probes = 0; probes < NAME_SLOTS; probes++, i = (i + 1) % NAME_SLOTS) {
        if (keys[i] == name)
            return values[i];
        if (keys[i] == NULL) {
            PyObject *interned = PyUnicode_InternFromString(name);
            if (interned != NULL) {
                keys[i] = name;
                values[i] = interned; /* kept for the life of the process */
            }
            return interned;
        }
    }
    PyErr_SetString(PyExc_RuntimeError, "too many attribute names");
    return NULL;
}

PyObject *get_attr(PyObject *obj, const char *name)
{
    PyObject *key = attr_name(name);
    return key == NULL ? NULL : PyObject_GetAttr(obj, key);
}

int set_attr(PyObject *obj, const char *name, PyObject *value)
{
    PyObject *key = attr_name(name);
    return key == NULL ? -1 : PyObject_SetAttr(obj, key, value);
}

int check_random(PyObject *rng)
{
    if (random_type == NULL || Py_TYPE(rng) != random_type) { /* a subclass may draw its own way */
        PyErr_SetString(PyExc_TypeError, "the compiled playouts draw from random.Random objects only");
        return -1;
    }
    return 0;
}

static int as_long(PyObject *value, const char *name, long *out)
{
    if (!PyLong_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must hold ints, not %s", name, Py_TYPE(value)->tp_name);
        return -1;
    }
    *out = PyLong_AsLong(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

int get_long(PyObject *obj, const char *name, long *out)
{
    PyObject *value = get_attr(obj, name);
    if (value == NULL)
        return -1;
    int rc = as_long(value, name, out);
    Py_DECREF(value);
    return rc;
}

int get_int(PyObject *obj, const char *name, int *out)
{
    long v;
    if (get_long(obj, name, &v) < 0)
        return -1;
    if (v < INT32_MIN || v > INT32_MAX) {
        PyErr_Format(PyExc_OverflowError, "%s is out of range", name);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int get_int_or_none(PyObject *obj, const char *name, int *out, int none)
{
    PyObject *value = get_attr(obj, name);
    if (value == NULL)
        return -1;
    long v = none;
    int rc = value == Py_None ? 0 : as_long(value, name, &v);
    Py_DECREF(value);
    *out = (int)v;
    return rc;
}

static PyObject *get_list(PyObject *obj, const char *name, int n)
{
    PyObject *value = get_attr(obj, name);
    if (value == NULL)
        return NULL;
    if (!PyList_Check(value) || (n >= 0 && PyList_GET_SIZE(value) != n)) {
        PyErr_Format(PyExc_ValueError, "%s must be a list of %d items", name, n);
        Py_DECREF(value);
        return NULL;
    }
    return value;
}

static int list_into(PyObject *list, const char *name, int8_t *out)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(list); i++) {
        long v;
        if (as_long(PyList_GET_ITEM(list, i), name, &v) < 0)
            return -1;
        if (v < -127 || v > 127) {
            PyErr_Format(PyExc_ValueError, "%s holds %ld, not a card", name, v);
            return -1;
        }
        out[i] = (int8_t)v;
    }
    return 0;
}

int get_longs(PyObject *obj, const char *name, int n, long *out)
{
    PyObject *list = get_list(obj, name, n);
    if (list == NULL)
        return -1;
    for (int i = 0; i < n; i++)
        if (as_long(PyList_GET_ITEM(list, i), name, &out[i]) < 0) {
            Py_DECREF(list);
            return -1;
        }
    Py_DECREF(list);
    return 0;
}

int get_bytes(PyObject *obj, const char *name, int max, int8_t *out)
{
    PyObject *list = get_list(obj, name, -1);
    if (list == NULL)
        return -1;
    int n = (int)PyList_GET_SIZE(list);
    int rc = n > max ? -1 : list_into(list, name, out);
    if (n > max)
        PyErr_Format(PyExc_ValueError, "%s holds more than %d cards", name, max);
    Py_DECREF(list);
    return rc < 0 ? -1 : n;
}

int get_rows(PyObject *obj, const char *name, int n, int width, int8_t *out)
{
    PyObject *rows = get_list(obj, name, n);
    if (rows == NULL)
        return -1;
    for (int p = 0; p < n; p++) {
        PyObject *row = PyList_GET_ITEM(rows, p);
        if (!PyList_Check(row) || PyList_GET_SIZE(row) != width) {
            PyErr_Format(PyExc_ValueError, "%s must hold lists of %d items", name, width);
            Py_DECREF(rows);
            return -1;
        }
        if (list_into(row, name, out + p * width) < 0) {
            Py_DECREF(rows);
            return -1;
        }
    }
    Py_DECREF(rows);
    return 0;
}

int set_object(PyObject *obj, const char *name, PyObject *value)
{
    if (value == NULL)
        return -1;
    int rc = set_attr(obj, name, value);
    Py_DECREF(value);
    return rc;
}

int set_int(PyObject *obj, const char *name, int value)
{
    return set_object(obj, name, PyLong_FromLong(value));
}

int set_int_or_none(PyObject *obj, const char *name, int value, int none)
{
    if (value == none)
        return set_attr(obj, name, Py_None);
    return set_int(obj, name, value);
}

static PyObject *byte_list(int n, const int8_t *values)
{
    PyObject *list = PyList_New(n);
    if (list == NULL)
        return NULL;
    for (int i = 0; i < n; i++)
        PyList_SET_ITEM(list, i, PyLong_FromLong(values[i])); /* small ints: cached */
    return list;
}

int set_longs(PyObject *obj, const char *name, int n, const long *values)
{
    PyObject *list = PyList_New(n);
    if (list == NULL)
        return -1;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (v == NULL) {
            Py_DECREF(list);
            return -1;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return set_object(obj, name, list);
}

int set_bytes(PyObject *obj, const char *name, int n, const int8_t *values)
{
    return set_object(obj, name, byte_list(n, values));
}

int set_rows(PyObject *obj, const char *name, int n, int width, const int8_t *values)
{
    PyObject *rows = PyList_New(n);
    if (rows == NULL)
        return -1;
    for (int p = 0; p < n; p++) {
        PyObject *row = byte_list(width, values + p * width);
        if (row == NULL) {
            Py_DECREF(rows);
            return -1;
        }
        PyList_SET_ITEM(rows, p, row);
    }
    return set_object(obj, name, rows);
}
