// device_output.cpp: the C library's output calls that a kernel's printf
// becomes (GCC turns printf("...\n") into puts and printf("%c") into
// putchar), wrapped by the link (-Wl,--wrap=printf and the rest, which
// emulate and emulator/CMakeLists.txt pass) as string_calls.cpp's are: in a
// worker process, a kernel's output to stdout is kept for its block
// (device_output.hpp); everything else goes on to the C library's own.
#include "device/device_output.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "checks/memory_checks.hpp"

namespace warp_emulator {

bool DeviceOutput::keeping_ = false;
std::string DeviceOutput::kept_;

std::string DeviceOutput::take() {
    std::string text;
    text.swap(kept_);
    return text;
}

}  // namespace warp_emulator

namespace {

using warp_emulator::DeviceOutput;

bool kept(FILE* stream) { return DeviceOutput::keeping() && warp_emulator::kernelCodeRunning && stream == stdout; }

int keepFormatted(const char* format, va_list arguments) {
    const warp_emulator::RuntimeCode runtime;
    va_list copy;
    va_copy(copy, arguments);
    const int length = std::vsnprintf(nullptr, 0, format, copy);
    va_end(copy);
    if (length > 0) {
        std::string text(static_cast<size_t>(length), '\0');
        std::vsnprintf(&text[0], text.size() + 1, format, arguments);
        DeviceOutput::add(text.data(), text.size());
    }
    return length;
}

}  // namespace

extern "C" {

int __real_vprintf(const char* format, va_list arguments);
int __real_puts(const char* text);
int __real_putchar(int character);
int __real_fputs(const char* text, FILE* stream);
int __real_fputc(int character, FILE* stream);
size_t __real_fwrite(const void* data, size_t size, size_t count, FILE* stream);

int __wrap_printf(const char* format, ...) {
    va_list arguments;
    va_start(arguments, format);
    const int length = kept(stdout) ? keepFormatted(format, arguments) : __real_vprintf(format, arguments);
    va_end(arguments);
    return length;
}

int __wrap_vprintf(const char* format, va_list arguments) {
    return kept(stdout) ? keepFormatted(format, arguments) : __real_vprintf(format, arguments);
}

int __wrap_puts(const char* text) {
    if (!kept(stdout)) {
        return __real_puts(text);
    }
    const warp_emulator::RuntimeCode runtime;
    DeviceOutput::add(text, std::strlen(text));
    DeviceOutput::add("\n", 1);
    return 1;
}

int __wrap_putchar(int character) {
    if (!kept(stdout)) {
        return __real_putchar(character);
    }
    const warp_emulator::RuntimeCode runtime;
    const char byte = static_cast<char>(character);
    DeviceOutput::add(&byte, 1);
    return static_cast<unsigned char>(byte);
}

int __wrap_fputs(const char* text, FILE* stream) {
    if (!kept(stream)) {
        return __real_fputs(text, stream);
    }
    const warp_emulator::RuntimeCode runtime;
    DeviceOutput::add(text, std::strlen(text));
    return 1;
}

int __wrap_fputc(int character, FILE* stream) {
    if (!kept(stream)) {
        return __real_fputc(character, stream);
    }
    const warp_emulator::RuntimeCode runtime;
    const char byte = static_cast<char>(character);
    DeviceOutput::add(&byte, 1);
    return static_cast<unsigned char>(byte);
}

size_t __wrap_fwrite(const void* data, size_t size, size_t count, FILE* stream) {
    if (!kept(stream)) {
        return __real_fwrite(data, size, count, stream);
    }
    const warp_emulator::RuntimeCode runtime;
    DeviceOutput::add(static_cast<const char*>(data), size * count);
    return count;
}

}  // extern "C"
