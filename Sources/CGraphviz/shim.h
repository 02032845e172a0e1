#ifndef MODLINT_CGRAPHVIZ_SHIM_H
#define MODLINT_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <stdlib.h>

/*
 * Reading DOT with object IDs in creation order.
 *
 * cgraph's default ID discipline names an object by the address of its interned name,
 * and keeps a graph's subgraphs ordered by ID: the order in which `dot` places clusters
 * therefore followed the heap, and the same DOT could give another SVG from one run to
 * the next. These IDs count up in creation order instead (the order of the DOT text);
 * names stay in cgraph's own name map, which it uses whenever the discipline does not
 * map a name itself.
 *
 * Written in C rather than Swift so that the function types may differ slightly
 * between Graphviz versions: each is cast to the field's own type.
 */

static inline void *modlint_ids_open(Agraph_t *graph, Agdisc_t *discipline) {
    (void)graph;
    (void)discipline;
    IDTYPE *next = (IDTYPE *)malloc(sizeof(IDTYPE));
    if (next) *next = 1;
    return next;
}

/* Names are left to cgraph's name map (return 0); every new object gets the next odd
   number, as the default discipline gives anonymous objects. */
static inline long modlint_ids_map(void *state, int kind, char *name, IDTYPE *id, int create) {
    (void)kind;
    (void)create;
    if (name || !state) return 0;
    IDTYPE *next = (IDTYPE *)state;
    *id = *next;
    *next += 2;
    return 1;
}

static inline long modlint_ids_alloc(void *state, int kind, IDTYPE id) {
    (void)state;
    (void)kind;
    (void)id;
    return 0;
}

static inline void modlint_ids_free(void *state, int kind, IDTYPE id) {
    (void)state;
    (void)kind;
    (void)id;
}

static inline char *modlint_ids_print(void *state, int kind, IDTYPE id) {
    (void)state;
    (void)kind;
    (void)id;
    return NULL;
}

static inline void modlint_ids_close(void *state) {
    free(state);
}

static inline void modlint_ids_register(void *state, int kind, void *object) {
    (void)state;
    (void)kind;
    (void)object;
}

/* DOT text in memory, handed to cgraph a line at a time as `agmemread` does (its error
   messages count lines). */
typedef struct {
    const char *text;
    size_t length;
    size_t position;
} modlint_dot_text;

static inline int modlint_dot_text_read(void *channel, char *buffer, int size) {
    modlint_dot_text *input = (modlint_dot_text *)channel;
    if (size <= 0 || input->position >= input->length) return 0;
    int count = 0;
    char byte;
    do {
        byte = input->text[input->position + (size_t)count];
        buffer[count++] = byte;
    } while (byte != '\n' && byte != '\0' && count < size && input->position + (size_t)count < input->length);
    input->position += (size_t)count;
    return count;
}

/* `agmemread` with the creation-order IDs above. */
static inline Agraph_t *modlint_read_dot(const char *text, size_t length) {
    static Agiddisc_t ids;
    static Agiodisc_t io;
    ids.open = (__typeof__(ids.open))modlint_ids_open;
    ids.map = (__typeof__(ids.map))modlint_ids_map;
    ids.alloc = (__typeof__(ids.alloc))modlint_ids_alloc;
    ids.free = (__typeof__(ids.free))modlint_ids_free;
    ids.print = (__typeof__(ids.print))modlint_ids_print;
    ids.close = (__typeof__(ids.close))modlint_ids_close;
    ids.idregister = (__typeof__(ids.idregister))modlint_ids_register;
    io = AgIoDisc;
    io.afread = (__typeof__(io.afread))modlint_dot_text_read;
    Agdisc_t discipline = { &AgMemDisc, &ids, &io };
    modlint_dot_text input = { text, length, 0 };
    return agread(&input, &discipline);
}
#endif
