/* Last Card's compiled playouts (see lastcard.c): the state as C values, the rule steps. */
#ifndef CARDTABLE_LASTCARD_H
#define CARDTABLE_LASTCARD_H

#include <Python.h>
#include <stdint.h>

#include "mt19937.h"

#define LC_TYPES 54
#define LC_WILD 52
#define LC_PLUS4 53
#define LC_DECK 108
#define LC_MAX_SEATS 10
#define LC_NO_CARD (-1)
#define LC_BIT(t) ((uint64_t)1 << (t))
#define LC_FIRST_WILD_BIT LC_BIT(LC_WILD)

enum { LC_TURN, LC_PLAY_DRAWN, LC_OVER };
enum { LC_NUMBER, LC_SKIP, LC_REVERSE, LC_PLUS2, LC_WILDCARD, LC_PLUS4CARD };

/* The tables of cardtable.games.lastcard.cards (filled once by lastcard_tables). */
extern int8_t lc_kind[LC_TYPES], lc_color_of[LC_TYPES], lc_points[LC_TYPES], lc_copies[LC_TYPES];

/* cardtable.games.lastcard.state.Rules: the lookup tables of one options value. */
typedef struct {
    uint64_t playable[LC_TYPES * 4];
    uint64_t after_number[LC_TYPES];
    uint64_t stack_two, stack_four;
    int draw_flag, play_drawn, missed_call;
    long target;
} LastCardRules;

/* A LastCardState: hands as counts and masks, piles bottom to top. */
typedef struct {
    LastCardRules rules;
    int n;
    int counts[LC_MAX_SEATS][LC_TYPES];
    uint64_t masks[LC_MAX_SEATS];
    int sizes[LC_MAX_SEATS];
    int8_t draw[LC_DECK];
    int ndraw;
    int8_t discard[LC_DECK];
    int ndiscard;
    int color, direction, current, phase, drawn, starter, round, is_over;
    long pending;
    uint64_t playable, playable_held;
    long totals[LC_MAX_SEATS];
    int round_ended; /* set by end_round: the playouts stop or go on */
    int rounds; /* the rounds ended since the state was read */
    RandomObject *rng; /* the state's generator: deals, reshuffles, the start card */
    PyObject *round_scores; /* the state's list: each round's scores are appended */
} LastCard;

void lastcard_tables(void);
void lastcard_rules(LastCardRules *rules, int plus4_on_plus2, int stack_two, int stack_four);
/* The rule steps of LastCardState; -1 only when appending a round's scores fails. */
int lc_play(LastCard *g, int seat, int t, int color, int call);
int lc_draw(LastCard *g, int seat);
int lc_keep(LastCard *g, int seat);
/* _start_round: shuffle from g->rng, deal, turn the start card (a new match: round 0,
 * starter -1, totals zero). */
void lc_new_round(LastCard *g);
static inline int lc_after(const LastCard *g, int seat) { return (seat + g->direction + g->n) % g->n; }

#endif
