// <nvtx3/nvToolsExt.h>, for the host compiler: NVTX, the annotations a program
// leaves for a profiler (named ranges and marks). No profiler watches the
// emulator, so every call is accepted and does nothing, as NVTX's own calls do
// when no tool is attached: a push or pop answers NVTX_NO_PUSH_POP_TRACKING.
#pragma once

#include <cstdint>

#define NVTX_VERSION 3
#define NVTX_NO_PUSH_POP_TRACKING (-2)
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE (static_cast<uint16_t>(sizeof(nvtxEventAttributes_t)))

enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 };
enum nvtxMessageType_t {
    NVTX_MESSAGE_UNKNOWN = 0,
    NVTX_MESSAGE_TYPE_ASCII = 1,
    NVTX_MESSAGE_TYPE_UNICODE = 2,
    NVTX_MESSAGE_TYPE_REGISTERED = 3,
};
enum nvtxPayloadType_t {
    NVTX_PAYLOAD_UNKNOWN = 0,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
    NVTX_PAYLOAD_TYPE_INT64 = 2,
    NVTX_PAYLOAD_TYPE_DOUBLE = 3,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
    NVTX_PAYLOAD_TYPE_INT32 = 5,
    NVTX_PAYLOAD_TYPE_FLOAT = 6,
};

union nvtxMessageValue_t {
    const char* ascii;
    const wchar_t* unicode;
    void* registered;
};
union nvtxPayloadValue_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
};
struct nvtxEventAttributes_t {
    uint16_t version;
    uint16_t size;
    uint32_t category;
    int32_t colorType;
    uint32_t color;
    int32_t payloadType;
    int32_t reserved0;
    nvtxPayloadValue_t payload;
    int32_t messageType;
    nvtxMessageValue_t message;
};
using nvtxRangeId_t = uint64_t;

inline int nvtxRangePushA(const char*) { return NVTX_NO_PUSH_POP_TRACKING; }
inline int nvtxRangePushW(const wchar_t*) { return NVTX_NO_PUSH_POP_TRACKING; }
inline int nvtxRangePushEx(const nvtxEventAttributes_t*) { return NVTX_NO_PUSH_POP_TRACKING; }
inline int nvtxRangePop() { return NVTX_NO_PUSH_POP_TRACKING; }
inline nvtxRangeId_t nvtxRangeStartA(const char*) { return 0; }
inline nvtxRangeId_t nvtxRangeStartW(const wchar_t*) { return 0; }
inline nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t*) { return 0; }
inline void nvtxRangeEnd(nvtxRangeId_t) {}
inline void nvtxMarkA(const char*) {}
inline void nvtxMarkW(const wchar_t*) {}
inline void nvtxMarkEx(const nvtxEventAttributes_t*) {}
inline void nvtxNameOsThreadA(uint32_t, const char*) {}
inline void nvtxNameCategoryA(uint32_t, const char*) {}
