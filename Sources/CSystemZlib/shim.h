// The system zlib (zlib1g-dev on Debian), for TrackSiftArchives' gzip reading and writing.
#include <zlib.h>
