/* Reading a Python game state's attributes into C values and writing them back.
 *
 * Every reader checks types and sizes and raises a Python error naming the attribute,
 * so a state the compiled code cannot hold is refused before anything changes.
 */
#include "state_io.h"

PyTypeObject *random_type;

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
    PyObject *value = PyObject_GetAttrString(obj, name);
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
    PyObject *value = PyObject_GetAttrString(obj, name);
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
    PyObject *value = PyObject_GetAttrString(obj, name);
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

static int set(PyObject *obj, const char *name, PyObject *value)
{
    if (value == NULL)
        return -1;
    int rc = PyObject_SetAttrString(obj, name, value);
    Py_DECREF(value);
    return rc;
}

int set_int(PyObject *obj, const char *name, int value)
{
    return set(obj, name, PyLong_FromLong(value));
}

int set_int_or_none(PyObject *obj, const char *name, int value, int none)
{
    if (value == none)
        return PyObject_SetAttrString(obj, name, Py_None);
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
    return set(obj, name, list);
}

int set_bytes(PyObject *obj, const char *name, int n, const int8_t *values)
{
    return set(obj, name, byte_list(n, values));
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
    return set(obj, name, rows);
}

int append_scores(PyObject *rounds, int n, const long *scores)
{
    PyObject *row = PyList_New(n);
    if (row == NULL)
        return -1;
    for (int p = 0; p < n; p++) {
        PyObject *score = PyLong_FromLong(scores[p]);
        if (score == NULL) {
            Py_DECREF(row);
            return -1;
        }
        PyList_SET_ITEM(row, p, score);
    }
    int failed = PyList_Append(rounds, row);
    Py_DECREF(row);
    return failed ? -1 : 0;
}
