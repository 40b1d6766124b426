/* A LastCardState read into a LastCard and written back (see lastcard_state.c). */
#ifndef CARDTABLE_LASTCARD_STATE_H
#define CARDTABLE_LASTCARD_STATE_H

#include "lastcard.h"

/* 0 when read, 1 when the state is one the C does not hold (nothing is raised: the
 * Python code plays it), -1 with a Python error for attributes of the wrong type. */
int lastcard_read(LastCard *g, PyObject *state);
int lastcard_write(const LastCard *g, PyObject *state);

#endif
