/* What every compiled playout does with the Python state besides its own rules:
 * logging each action, recording a finished round, ending the match. */
#ifndef CARDTABLE_PLAYOUT_IO_H
#define CARDTABLE_PLAYOUT_IO_H

#include <Python.h>

/* Keep table, a tuple of size log entries, in *entries (a playout's pre-built
 * (seat, action) pairs); None, or NULL with an error naming who wants it. */
PyObject *keep_entries(PyObject **entries, PyObject *table, Py_ssize_t size, const char *who);
/* state.log.append and state.round_scores (a list), as new references; -1 on error. */
int playout_targets(PyObject *state, PyObject **append, PyObject **round_scores);
/* Call a log's append; a list's own append (as MatchLog's is) is done directly. */
int log_append(PyObject *append, PyObject *entry);
/* Append a round's n scores to round_scores and add them to totals; *high is then the
 * highest total. */
int record_round(PyObject *round_scores, int n, const long *scores, long *totals, long *high);
/* is_over and winners (the seats of the lowest total). */
int set_match_over(PyObject *state, int n, const long *totals);

#endif
