/* Tacocat Spelled Backwards in plain C: a lean simulator, the yardstick the Numba kernel is measured
 * against (bench/kernels/fast_c.py). Written from the rules (docs/tacocat.md, the reference engine under
 * src/cardroom/games/tacocat/): the same options, the same legal actions in the same order, the same
 * turn order as the kernel's random games (the first seat to act moves). Nothing else uses it.
 *
 *   tacocat run SECONDS SEED [OPTION=VALUE ...]   random games for about SECONDS; prints
 *                                                   "GAMES ACTIONS SECONDS YAY_WINS CPU_SECONDS"
 *   tacocat games N SEED [OPTION=VALUE ...]        exactly N random games, the same line
 *   tacocat script                                 read a script on stdin (below), print every position
 *
 * Options, as the reference engine's after their names are resolved: deck=1,1,1,2,2,4,5,5,5,5,4,3
 * (twelve counts), jumbo=sets-and-sequences|sets|none, ties=arrow|duel-winner|redeal,
 * board=4W,6W,9W,7B,9Y,6Y,4Y. The defaults are the official preset.
 *
 * Script lines: "game OPTION=VALUE ..." starts a game; "deal C1 C2 ..." gives the deck's order for the
 * next round (YAY's hand, WOW's hand, then the draw pile, top first), read when a round starts;
 * "act SEAT TEXT" applies an action written as the reference engine writes it ("attack 7 7",
 * "sacrifice"). After every game start and action it prints "SEATS | LEGAL0 | LEGAL1" (the seats to
 * act, and each seat's legal actions, comma-separated, empty when it does not act) or "over WINNER".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { REPLACE, DUEL, ATTACK, DEFEND, OVER };
enum { DISCARD, KEEP, DONE, DUELV, DEFENDV, SACRIFICE, SET, RUN }; /* SET of size 1: one card */
enum { NONE, SETS, SETS_AND_SEQUENCES };
enum { ARROW, DUEL_WINNER, REDEAL };
#define BOTH (-1)
#define MAX_CARDS 4096
#define MAX_POS 32
#define MAX_ACTIONS 256
#define ACT(kind, size, v) ((kind) << 8 | (size) << 4 | (v))
#ifndef CELL
#define CELL uint8_t /* a card or a count; cc -DCELL=int64_t gives the kernel's int64 slots, to compare */
#endif
typedef CELL cell;

typedef struct {
    int jumbo, ties, npos, deals[MAX_POS], arrows[MAX_POS], ncards;
    cell deck[MAX_CARDS];
} Rules;

typedef struct {
    cell hand[2][13]; /* count per value 1..12 */
    int size[2], nmarks[2], decided[2], ndealt[2];
    cell dealt[2][16]; /* the dealt hand, lowest first: the simultaneous replacement's order */
    cell draw[MAX_CARDS];
    int ndraw, top;
    int phase, actor, limit, swapped, picks[2], duel_winner, pos, winner;
    uint32_t covered;
    int attack[16], nattack, nanswers, lost;
} State;

/* -- randomness: xoshiro256** seeded by splitmix64, bounded by Lemire's multiply -------------- */

static uint64_t rng_s[4];
static int scripted; /* rounds are dealt from the script on stdin, not shuffled */
static char line[1 << 16];

static uint64_t splitmix(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void seed_rng(uint64_t seed) {
    for (int i = 0; i < 4; i++) rng_s[i] = splitmix(&seed);
}

static inline uint64_t next64(void) {
    uint64_t *s = rng_s, r = ((s[1] * 5) << 7 | (s[1] * 5) >> 57) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t;
    s[3] = s[3] << 45 | s[3] >> 19;
    return r;
}

static inline int below(int n) { return (int)(((unsigned __int128)next64() * (unsigned)n) >> 64); }

/* -- the deck at a round's start: shuffled here, or read from the script --------------------- */

static void fail(const char *what) {
    if (scripted) printf("error: %s\n", what); /* in its place among the positions */
    fprintf(stderr, "tacocat: %s\n", what);
    exit(2);
}

static void read_deal(const Rules *r, cell *cards) {
    if (!fgets(line, sizeof line, stdin) || strncmp(line, "deal", 4) != 0) fail("a round starts: expected 'deal ...'");
    char *p = line + 4, *end;
    for (int i = 0; i < r->ncards; i++) {
        long v = strtol(p, &end, 10);
        if (end == p || v < 1 || v > 12) fail("a deal lists the whole deck's cards, 1 to 12");
        cards[i] = (cell)v;
        p = end;
    }
}

static void start_round(State *s, const Rules *r) {
    cell cards[MAX_CARDS];
    if (scripted) {
        read_deal(r, cards);
    } else {
        memcpy(cards, r->deck, sizeof(cell) * (size_t)r->ncards);
        for (int i = r->ncards - 1; i > 0; i--) {
            int j = below(i + 1);
            cell t = cards[i]; cards[i] = cards[j]; cards[j] = t;
        }
    }
    int n = r->deals[s->pos];
    memset(s->hand, 0, sizeof s->hand);
    for (int seat = 0; seat < 2; seat++) {
        for (int i = 0; i < n; i++) s->hand[seat][cards[seat * n + i]]++;
        s->size[seat] = s->ndealt[seat] = n;
        int k = 0;
        for (int v = 1; v <= 12; v++)
            for (int c = 0; c < s->hand[seat][v]; c++) s->dealt[seat][k++] = (cell)v;
        s->nmarks[seat] = s->decided[seat] = s->picks[seat] = 0;
    }
    s->ndraw = r->ncards - 2 * n;
    memcpy(s->draw, cards + 2 * n, sizeof(cell) * (size_t)s->ndraw);
    s->top = 0;
    s->phase = REPLACE;
    s->actor = r->arrows[s->pos];
    s->limit = -1;
    s->swapped = 0;
    s->nattack = s->nanswers = 0;
    s->duel_winner = -1;
}

static void new_game(State *s, const Rules *r) {
    s->pos = (r->npos - 1) / 2;
    s->covered = 0;
    s->winner = -1;
    start_round(s, r);
}

/* -- who acts, what they may do ---------------------------------------------------------------- */

static inline int lowest(const State *s, int seat) {
    for (int v = 1; v <= 12; v++)
        if (s->hand[seat][v]) return v;
    return 0;
}

static inline int replace_done(const State *s, int seat) { return s->decided[seat] >= s->ndealt[seat]; }

static int to_act(const State *s, int *seats) {
    switch (s->phase) {
    case ATTACK: seats[0] = s->actor; return 1;
    case DEFEND: seats[0] = 1 - s->actor; return 1;
    case OVER: return 0;
    case REPLACE:
        if (s->actor >= 0) { seats[0] = s->actor; return 1; }
        __attribute__((fallthrough)); /* both replace at once, like a duel's two face-down cards */
    default: {
        int n = 0;
        for (int seat = 0; seat < 2; seat++)
            if (s->phase == DUEL ? !s->picks[seat] : !replace_done(s, seat)) seats[n++] = seat;
        return n;
    }
    }
}

static int attacks(const State *s, const Rules *r, int seat, int *out) {
    const cell *h = s->hand[seat];
    int n = 0, most = s->size[seat] - 1;
    if (most >= 1)
        for (int v = 1; v <= 12; v++)
            if (h[v]) out[n++] = ACT(SET, 1, v);
    if (r->jumbo == NONE) return n;
    /* Sorted as the reference sorts them: by size, then by cards (a set before a run of the same start). */
    for (int size = 2; size <= most; size++)
        for (int v = 1; v <= 12; v++) {
            if (h[v] >= size) out[n++] = ACT(SET, size, v);
            if (r->jumbo == SETS_AND_SEQUENCES && size >= 3 && v + size - 1 <= 12) {
                int run = 1;
                for (int k = 0; k < size && run; k++) run = h[v + k] > 0;
                if (run) out[n++] = ACT(RUN, size, v);
            }
        }
    return n;
}

static int legal(const State *s, const Rules *r, int seat, int *out) {
    const cell *h = s->hand[seat];
    int n = 0;
    switch (s->phase) {
    case ATTACK: return attacks(s, r, seat, out);
    case DEFEND:
        for (int v = s->attack[s->nanswers]; v <= 12; v++)
            if (h[v]) out[n++] = ACT(DEFENDV, 1, v);
        out[n++] = ACT(SACRIFICE, 0, 0);
        return n;
    case DUEL:
        for (int v = 1; v <= 12; v++)
            if (h[v]) out[n++] = ACT(DUELV, 1, v);
        return n;
    case REPLACE:
        if (s->actor == BOTH) {
            int v = s->dealt[seat][s->decided[seat]];
            out[0] = ACT(DISCARD, 1, v);
            out[1] = ACT(KEEP, 1, v);
            return 2;
        }
        if (s->limit < 0 || s->swapped < s->limit)
            for (int v = 1; v <= 12; v++)
                if (h[v]) out[n++] = ACT(DISCARD, 1, v);
        out[n++] = ACT(DONE, 0, 0);
        return n;
    }
    return 0;
}

/* -- one action -------------------------------------------------------------------------------- */

static void draw_into(State *s, int seat, int n) {
    for (int i = 0; i < n; i++) s->hand[seat][s->draw[s->top++]]++;
    s->size[seat] += n;
}

static void end_round(State *s, const Rules *r, int duel_ties) {
    int c0 = lowest(s, 0), c1 = lowest(s, 1), winner;
    if (c0 != c1) winner = c0 < c1 ? 0 : 1;
    else if (duel_ties || r->ties == REDEAL) winner = -1;
    else if (r->ties == ARROW) winner = r->arrows[s->pos];
    else winner = s->duel_winner;
    if (winner < 0) { start_round(s, r); return; }
    int left = s->pos, step = winner == 0 ? -1 : 1, pos = left + step;
    while (pos != 0 && pos != r->npos - 1 && (s->covered >> pos & 1)) pos += step;
    s->pos = pos;
    s->covered |= 1u << left;
    if (pos == 0 || pos == r->npos - 1) { s->phase = OVER; s->winner = winner; return; }
    start_round(s, r);
}

static inline void maybe_end(State *s, const Rules *r) {
    if (s->size[0] == 1 && s->size[1] == 1) end_round(s, r, 0);
}

static inline void take(State *s, int seat, int v) { s->hand[seat][v]--; s->size[seat]--; }

static void apply(State *s, const Rules *r, int seat, int a) {
    int kind = a >> 8, size = a >> 4 & 15, v = a & 15;
    switch (s->phase) {
    case REPLACE:
        if (s->actor == BOTH) {
            if (kind == DISCARD) { take(s, seat, v); s->nmarks[seat]++; }
            s->decided[seat]++;
            if (!replace_done(s, 0) || !replace_done(s, 1)) return;
            for (int who = 0; who < 2; who++) draw_into(s, who, s->nmarks[who]);
        } else if (kind == DISCARD) {
            take(s, seat, v);
            s->swapped++;
            return;
        } else {
            int n = s->swapped;
            draw_into(s, seat, n);
            if (s->limit < 0 && n > 0) { s->actor = 1 - seat; s->limit = n; s->swapped = 0; return; }
        }
        s->phase = DUEL;
        s->actor = BOTH;
        return;
    case DUEL: {
        take(s, seat, v);
        s->picks[seat] = v;
        int p0 = s->picks[0], p1 = s->picks[1];
        if (!p0 || !p1) return;
        s->picks[0] = s->picks[1] = 0;
        if (p0 != p1) {
            s->duel_winner = s->actor = p0 > p1 ? 0 : 1;
            s->phase = ATTACK;
            maybe_end(s, r);
        } else if (s->size[0] == 1) {
            end_round(s, r, 1);
        }
        return;
    }
    case ATTACK:
        for (int i = 0; i < size; i++) {
            int c = kind == RUN ? v + i : v;
            take(s, seat, c);
            s->attack[i] = c;
        }
        s->nattack = size;
        s->nanswers = s->lost = 0;
        s->phase = DEFEND;
        return;
    case DEFEND:
        if (kind == SACRIFICE) { take(s, seat, lowest(s, seat)); s->lost = 1; }
        else take(s, seat, v);
        if (++s->nanswers < s->nattack) return;
        if (!s->lost) s->actor = seat;
        s->phase = ATTACK;
        maybe_end(s, r);
        return;
    }
}

/* -- options ----------------------------------------------------------------------------------- */

static void set_deck(Rules *r, const char *counts) {
    r->ncards = 0;
    const char *p = counts;
    for (int v = 1; v <= 12; v++) {
        char *end;
        long n = strtol(p, &end, 10);
        if (end == p || n < 0 || r->ncards + n > MAX_CARDS) fail("deck= takes twelve counts, like 1,1,1,2,2,4,5,5,5,5,4,3");
        for (int i = 0; i < n; i++) r->deck[r->ncards++] = (cell)v;
        p = *end == ',' ? end + 1 : end;
    }
}

static void set_board(Rules *r, const char *spec) {
    r->npos = 1;
    r->deals[0] = 0;
    r->arrows[0] = BOTH;
    for (const char *p = spec; *p && *p != ' ' && *p != '\n';) {
        char *end;
        long deal = strtol(p, &end, 10);
        if (end == p || deal < 2 || deal > 9 || r->npos >= MAX_POS - 1)
            fail("board= takes up to 30 spaces dealing 2 to 9 cards, like 4W,6W,9W,7B,9Y,6Y,4Y");
        r->deals[r->npos] = (int)deal;
        r->arrows[r->npos++] = *end == 'Y' ? 0 : *end == 'W' ? 1 : BOTH;
        p = end + 1;
        if (*p == ',') p++;
    }
    r->deals[r->npos] = 0;
    r->arrows[r->npos++] = BOTH;
}

static void set_option(Rules *r, const char *text) {
    if (!strncmp(text, "deck=", 5)) set_deck(r, text + 5);
    else if (!strncmp(text, "board=", 6)) set_board(r, text + 6);
    else if (!strncmp(text, "jumbo=", 6))
        r->jumbo = !strncmp(text + 6, "sets-and-sequences", 18) ? SETS_AND_SEQUENCES : !strncmp(text + 6, "sets", 4) ? SETS : NONE;
    else if (!strncmp(text, "ties=", 5))
        r->ties = !strncmp(text + 5, "arrow", 5) ? ARROW : !strncmp(text + 5, "duel-winner", 11) ? DUEL_WINNER : REDEAL;
    else fail("options are deck=, jumbo=, ties= and board=");
}

static void official(Rules *r) {
    r->jumbo = SETS_AND_SEQUENCES;
    r->ties = ARROW;
    set_deck(r, "1,1,1,2,2,4,5,5,5,5,4,3");
    set_board(r, "4W,6W,9W,7B,9Y,6Y,4Y");
}

/* -- random games ------------------------------------------------------------------------------ */

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static long random_game(State *s, const Rules *r, long *yay) {
    int seats[2], moves[MAX_ACTIONS];
    long actions = 0;
    new_game(s, r);
    while (to_act(s, seats)) {
        int n = legal(s, r, seats[0], moves);
        apply(s, r, seats[0], n == 1 ? moves[0] : moves[below(n)]);
        actions++;
    }
    *yay += s->winner == 0;
    return actions;
}

static int play(int argc, char **argv, int timed) {
    Rules r;
    State s;
    official(&r);
    for (int i = 4; i < argc; i++) set_option(&r, argv[i]);
    double limit = atof(argv[2]), start = now(CLOCK_MONOTONIC), cpu = now(CLOCK_PROCESS_CPUTIME_ID), elapsed = 0;
    seed_rng(strtoull(argv[3], NULL, 10));
    long games = 0, actions = 0, yay = 0;
    while (timed ? elapsed < limit : games < (long)limit) {
        actions += random_game(&s, &r, &yay);
        if (++games % 64 == 0 || !timed) elapsed = now(CLOCK_MONOTONIC) - start;
    }
    elapsed = now(CLOCK_MONOTONIC) - start;
    printf("%ld %ld %.6f %ld %.6f\n", games, actions, elapsed, yay, now(CLOCK_PROCESS_CPUTIME_ID) - cpu);
    return 0;
}

/* -- the script: positions printed as the reference engine writes them ------------------------- */

static const char *VERBS[] = {"discard", "keep", "done", "duel", "defend", "sacrifice", "attack", "attack"};

static int write_action(char *out, int a) {
    int kind = a >> 8, size = a >> 4 & 15, v = a & 15, n = sprintf(out, "%s", VERBS[kind]);
    for (int i = 0; i < size; i++) n += sprintf(out + n, " %d", kind == RUN ? v + i : v);
    return n;
}

static void show(const State *s, const Rules *r) {
    int seats[2], moves[MAX_ACTIONS], k = to_act(s, seats);
    char text[64];
    if (s->phase == OVER) { printf("over %d\n", s->winner); return; }
    for (int i = 0; i < k; i++) printf(i ? " %d" : "%d", seats[i]);
    for (int seat = 0; seat < 2; seat++) {
        printf(" |");
        if (!(seats[0] == seat || (k == 2 && seats[1] == seat))) continue;
        int n = legal(s, r, seat, moves);
        for (int i = 0; i < n; i++) {
            write_action(text, moves[i]);
            printf(i ? ",%s" : " %s", text);
        }
    }
    printf("\n");
}

static int script(void) {
    Rules r;
    State s;
    int moves[MAX_ACTIONS], started = 0;
    char text[64];
    scripted = 1;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        if (!strncmp(line, "game", 4)) {
            official(&r);
            for (char *opt = strtok(line + 4, " "); opt; opt = strtok(NULL, " ")) set_option(&r, opt);
            new_game(&s, &r);
            started = 1;
        } else if (!strncmp(line, "act ", 4) && started) {
            int seat = line[4] - '0', n = (seat == 0 || seat == 1) ? legal(&s, &r, seat, moves) : 0, found = -1;
            int seats[2], k = to_act(&s, seats), acting = k && (seats[0] == seat || (k == 2 && seats[1] == seat));
            for (int i = 0; i < n && acting && found < 0; i++) {
                write_action(text, moves[i]);
                if (!strcmp(text, line + 6)) found = moves[i];
            }
            if (found < 0) { printf("illegal: %s\n", line); return 3; }
            apply(&s, &r, seat, found);
        } else {
            fail("script lines are 'game ...', 'deal ...' (when a round starts) and 'act SEAT ACTION'");
        }
        show(&s, &r);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 4 && !strcmp(argv[1], "run")) return play(argc, argv, 1);
    if (argc >= 4 && !strcmp(argv[1], "games")) return play(argc, argv, 0);
    if (argc == 2 && !strcmp(argv[1], "script")) return script();
    fprintf(stderr, "usage: tacocat run SECONDS SEED [OPTION=VALUE ...] | games N SEED [...] | script\n");
    return 2;
}
