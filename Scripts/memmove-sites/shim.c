// Counts the bytes memmove and memcpy copy, by call site; written to $MEMMOVE_SITES_OUT
// (default memmove-sites.txt) with the process's memory map when the process exits.
// Build and use through ../memmove-sites.py.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define SLOTS 65536
static uintptr_t sites[SLOTS];
static unsigned long calls[SLOTS], bytes[SLOTS];
static void *(*real_memmove)(void *, const void *, size_t);

static void count(uintptr_t site, size_t n) {
  size_t slot = (site >> 2) % SLOTS;
  for (int probe = 0; probe < 64 && sites[slot] && sites[slot] != site; probe++)
    slot = (slot + 1) % SLOTS;
  if (!sites[slot]) sites[slot] = site;
  if (sites[slot] == site) { calls[slot]++; bytes[slot] += n; }
}

void *memmove(void *to, const void *from, size_t n) {
  if (!real_memmove) real_memmove = dlsym(RTLD_NEXT, "memmove");
  count((uintptr_t)__builtin_return_address(0), n);
  return real_memmove(to, from, n);
}

void *memcpy(void *to, const void *from, size_t n) {
  if (!real_memmove) real_memmove = dlsym(RTLD_NEXT, "memmove");
  count((uintptr_t)__builtin_return_address(0), n);
  return real_memmove(to, from, n);
}

__attribute__((destructor)) static void dump(void) {
  const char *path = getenv("MEMMOVE_SITES_OUT");
  FILE *out = fopen(path ? path : "memmove-sites.txt", "w");
  if (!out) return;
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[4096];
  while (maps && fgets(line, sizeof line, maps)) fprintf(out, "map %s", line);
  if (maps) fclose(maps);
  for (int slot = 0; slot < SLOTS; slot++)
    if (sites[slot]) fprintf(out, "site %lx %lu %lu\n", sites[slot], calls[slot], bytes[slot]);
  fclose(out);
}
