// arguments.cu: prints the macros and arguments it was given and exits with
// the status its first argument names ("abort": SIGABRT), so emulate.cmake can
// check that emulate passes them through unchanged. Built with -D FROM_INCLUDE
// -I tests/emulate/include, it prints what that folder's header defines.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#ifndef FROM_OPTION
#define FROM_OPTION 0
#endif
#ifndef FROM_ENVIRONMENT
#define FROM_ENVIRONMENT 0
#endif
#ifdef FROM_INCLUDE
#include "from_include.h"  // in tests/emulate/include, found only through -I
#else
#define FROM_INCLUDE_FOLDER 0
#endif

int main(int argc, char** argv) {
    std::printf("FROM_OPTION=%d FROM_ENVIRONMENT=%d FROM_INCLUDE_FOLDER=%d\n", FROM_OPTION, FROM_ENVIRONMENT,
                FROM_INCLUDE_FOLDER);
    for (int i = 0; i < argc; ++i) {
        std::printf("argv[%d]=[%s]\n", i, argv[i]);
    }
    std::fprintf(stderr, "a line on stderr\n");
    if (argc > 1 && std::strcmp(argv[1], "abort") == 0) {
        std::abort();
    }
    return argc > 1 ? std::atoi(argv[1]) : 0;
}
