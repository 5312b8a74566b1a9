// library.cu: a program that includes a CUDA library's header, which the
// emulator does not emulate: one plain message must name it.
#include <cublas_v2.h>

int main() { return 0; }
