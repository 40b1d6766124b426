/* Skyjo's compiled random playout (see skyjo.c). */
#ifndef CARDTABLE_SKYJO_H
#define CARDTABLE_SKYJO_H

#include <Python.h>
#include <stdint.h>

#include "mt19937.h"

enum { DOWN, UP, GONE };
enum { SETUP, TURN, PLACE_DRAWN, PLACE_TAKEN, REVEAL_AFTER_DISCARD, OVER };
#define SLOTS 12
#define MAX_SEATS 8
#define MAX_CARDS 512
#define NO_SEAT (-1)
#define NO_CARD (-128)
/* Log entry codes: DRAW, TAKE_DISCARD, DISCARD, REVEAL[0..11], REPLACE[0..11]. */
enum { C_DRAW, C_TAKE, C_DISCARD, C_REVEAL, C_REPLACE = C_REVEAL + SLOTS, C_CODES = C_REPLACE + SLOTS };

typedef struct {
    int n, initial_reveals, clear_columns, clear_rows, multiplier;
    long target;
    int8_t cards[MAX_SEATS][SLOTS];
    int8_t status[MAX_SEATS][SLOTS];
    long down[MAX_SEATS];
    int8_t draw[MAX_CARDS];
    int ndraw;
    int8_t discard[MAX_CARDS];
    int ndiscard;
    int phase, current, holding, finisher, turns_left, starter, round, is_over, rounds_played;
    long reveals_left[MAX_SEATS];
    long totals[MAX_SEATS];
    RandomObject *rng; /* the state's generator */
    PyObject *round_scores; /* the state's list: rounds are appended to it */
} Skyjo;

/* The log entries the playouts append: C_CODES * MAX_SEATS (seat, action) pairs. */
extern PyObject *skyjo_entries;

/* For the other Skyjo playouts (skyjo_greedy.c): the state in and out, a rule step
 * (log entries go through playout_io.h's log_append). */
int skyjo_read(Skyjo *g, PyObject *state);
int skyjo_write(Skyjo *g, PyObject *state);
int skyjo_step(Skyjo *g, int seat, int code);
/* A playout call's start: its four arguments checked (args[1] to args[generators] must
 * be generators), the state read into g with its generator and round_scores (a new
 * reference the caller releases); returns the log's append (another), NULL on error. */
PyObject *skyjo_begin(Skyjo *g, PyObject *const *args, Py_ssize_t nargs, int generators,
                      const char *usage);

PyObject *skyjo_setup(PyObject *module, PyObject *table);
PyObject *skyjo_random_playout(PyObject *module, PyObject *const *args, Py_ssize_t nargs);

#endif
