// group_call_text.cpp: a cooperative group's call as the source wrote it
// (text.hpp's groupCallText), for every report that names a call: the
// group's call, the group's type, and what it is made of beneath.
#include <cstring>

#include "reporting/text.hpp"

namespace warp_emulator {

namespace {

bool startsWith(const char* text, const char* prefix) { return std::strncmp(text, prefix, std::strlen(prefix)) == 0; }

// How a free function of cooperative groups names the group it is given.
const char* receiverOf(const char* type) {
    if (startsWith(type, "thread_block_tile")) {
        return "tile";
    }
    if (startsWith(type, "coalesced_group")) {
        return "group";
    }
    if (startsWith(type, "thread_block")) {
        return "block";
    }
    if (startsWith(type, "grid_group")) {
        return "grid";
    }
    return "g";
}

bool endsWith(const char* text, const char* suffix) {
    const size_t length = std::strlen(text), tail = std::strlen(suffix);
    return length >= tail && std::strcmp(text + length - tail, suffix) == 0;
}

}  // namespace

std::string groupCallText(const Request& request) {
    const GroupCall& group = request.group;
    const char* type = group.group != nullptr ? group.group : "group";
    std::string text = group.call;
    if (startsWith(group.call, "cg::")) {
        // A free function: cg::reduce(tile, ...), cg::wait(block), cg::coalesced_threads().
        if (std::strcmp(group.call, "cg::coalesced_threads") == 0) {
            text += "()";
        } else if (startsWith(group.call, "cg::wait")) {
            text += std::string("(") + receiverOf(type) + ")";
        } else {
            text += std::string("(") + receiverOf(type) + ", ...)";
        }
    } else if (endsWith(group.call, ".sync") || endsWith(group.call, ".wait") ||
               endsWith(group.call, ".arrive_and_wait") || endsWith(group.call, ".arrive")) {
        text += "()";
    } else if (group.hasOperand) {
        text += "(..., " + std::to_string(group.operand) + ")";
    } else {
        text += "(...)";
    }
    text += std::string(" on a ") + type;
    // What the call is made of, where that is one of the warp's intrinsics or
    // a meeting of the group's lanes.
    if (request.op == Op::GroupMeet) {
        text += " (its lanes " + hexMask(request.mask) + ")";
    } else if (isTileCall(request.op)) {
        text += " (threads " + std::to_string(request.mask) + "-" +
                std::to_string(request.mask + static_cast<unsigned int>(request.width) - 1) + " of the block)";
    } else if (request.op < Op::SyncThreads) {
        text += " (" + intrinsicText(request) + ")";
    }
    return text;
}

}  // namespace warp_emulator
