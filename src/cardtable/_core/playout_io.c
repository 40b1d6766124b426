/* The Python side of every compiled playout but its rules (see playout_io.h). */
#include "playout_io.h"

#include <string.h>

#include "state_io.h"

#define MAX_SEATS 8

PyObject *keep_entries(PyObject **entries, PyObject *table, Py_ssize_t size, const char *who)
{
    if (!PyTuple_Check(table) || PyTuple_GET_SIZE(table) != size)
        return PyErr_Format(PyExc_ValueError, "%s wants a tuple of %zd log entries", who, size);
    Py_INCREF(table);
    Py_XSETREF(*entries, table);
    Py_RETURN_NONE;
}

int playout_targets(PyObject *state, PyObject **append, PyObject **round_scores)
{
    PyObject *log = get_attr(state, "log");
    if (log == NULL)
        return -1;
    *append = get_attr(log, "append");
    Py_DECREF(log);
    if (*append == NULL)
        return -1;
    *round_scores = get_attr(state, "round_scores");
    if (*round_scores != NULL && PyList_Check(*round_scores))
        return 0;
    if (*round_scores != NULL)
        PyErr_SetString(PyExc_TypeError, "round_scores must be a list");
    Py_XDECREF(*round_scores);
    Py_DECREF(*append);
    return -1;
}

int log_append(PyObject *append, PyObject *entry)
{
    if (PyCFunction_CheckExact(append) && PyCFunction_GET_SELF(append) != NULL
        && PyList_CheckExact(PyCFunction_GET_SELF(append))
        && strcmp(((PyCFunctionObject *)append)->m_ml->ml_name, "append") == 0)
        return PyList_Append(PyCFunction_GET_SELF(append), entry);
    PyObject *done = PyObject_CallOneArg(append, entry);
    if (done == NULL)
        return -1;
    Py_DECREF(done);
    return 0;
}

int record_round(PyObject *round_scores, int n, const long *scores, long *totals, long *high)
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
        totals[p] += scores[p];
        if (p == 0 || totals[p] > *high)
            *high = totals[p];
    }
    int failed = PyList_Append(round_scores, row);
    Py_DECREF(row);
    return failed ? -1 : 0;
}

int set_match_over(PyObject *state, int n, const long *totals)
{
    if (n < 1 || n > MAX_SEATS) {
        PyErr_SetString(PyExc_ValueError, "1 to 8 seats");
        return -1;
    }
    if (set_attr(state, "is_over", Py_True) < 0)
        return -1;
    long low = totals[0], winners[MAX_SEATS];
    for (int p = 1; p < n; p++)
        if (totals[p] < low)
            low = totals[p];
    int k = 0;
    for (int p = 0; p < n; p++)
        if (totals[p] == low)
            winners[k++] = p;
    return set_longs(state, "winners", k, winners);
}
