// texture_objects.cpp: texel formats, and the records of arrays and objects.
#include "memory/texture_objects.hpp"

#include <algorithm>

namespace warp_emulator {

namespace {

const char* scalarName(const TexelFormat& format) {
    switch (format.kind) {
        case TexelFormat::Kind::Float: return format.channelBytes == 2 ? "half" : "float";
        case TexelFormat::Kind::Signed:
            return format.channelBytes == 1 ? "char" : format.channelBytes == 2 ? "short" : "int";
        case TexelFormat::Kind::Unsigned:
            return format.channelBytes == 1 ? "uchar" : format.channelBytes == 2 ? "ushort" : "uint";
    }
    return "?";
}

}  // namespace

std::string TexelFormat::name() const {
    std::string text = scalarName(*this);
    if (channels == 1) {
        if (kind == Kind::Unsigned) {
            return channelBytes == 1 ? "unsigned char" : channelBytes == 2 ? "unsigned short" : "unsigned int";
        }
        return text;
    }
    return text + std::to_string(channels);
}

ElementType TexelFormat::element() const {
    // Held as a string of its own, for the allocation's life: the name is the shape's.
    static std::set<std::string>* names = new std::set<std::string>;
    const std::string text = name();
    const char* kept = names->insert(text).first->c_str();
    if (channels == 1 && kind == Kind::Float && channelBytes == 4) {
        return {kept, 4, formatElement<float>};
    }
    if (channels == 1 && kind != Kind::Float) {
        const bool isSigned = kind == Kind::Signed;
        switch (channelBytes) {
            case 1: return {kept, 1, isSigned ? formatElement<signed char> : formatElement<unsigned char>};
            case 2: return {kept, 2, isSigned ? formatElement<short> : formatElement<unsigned short>};
            default: return {kept, 4, isSigned ? formatElement<int> : formatElement<unsigned int>};
        }
    }
    return {kept, bytes(), nullptr};
}

bool texelFormatOf(const cudaChannelFormatDesc& desc, TexelFormat* format, std::string* why) {
    TexelFormat found;
    cudaChannelFormatKind kind = desc.f;
    switch (kind) {
        case cudaChannelFormatKindSigned: found.kind = TexelFormat::Kind::Signed; break;
        case cudaChannelFormatKindUnsigned: found.kind = TexelFormat::Kind::Unsigned; break;
        case cudaChannelFormatKindFloat: found.kind = TexelFormat::Kind::Float; break;
        case cudaChannelFormatKindSignedNormalized8X1:
        case cudaChannelFormatKindSignedNormalized8X2:
        case cudaChannelFormatKindSignedNormalized8X4:
        case cudaChannelFormatKindSignedNormalized16X1:
        case cudaChannelFormatKindSignedNormalized16X2:
        case cudaChannelFormatKindSignedNormalized16X4:
            found.kind = TexelFormat::Kind::Signed;
            found.alwaysNormalized = true;
            break;
        case cudaChannelFormatKindUnsignedNormalized8X1:
        case cudaChannelFormatKindUnsignedNormalized8X2:
        case cudaChannelFormatKindUnsignedNormalized8X4:
        case cudaChannelFormatKindUnsignedNormalized16X1:
        case cudaChannelFormatKindUnsignedNormalized16X2:
        case cudaChannelFormatKindUnsignedNormalized16X4:
            found.kind = TexelFormat::Kind::Unsigned;
            found.alwaysNormalized = true;
            break;
        case cudaChannelFormatKindNone:
            *why = "a channel descriptor of kind cudaChannelFormatKindNone (cudaCreateChannelDesc<T>() makes one for "
                   "a type CUDA has no format for)";
            return false;
        default:
            *why = "a channel format of kind " + std::to_string(static_cast<int>(kind)) +
                   " (NV12, 10-10-10-2 and block-compressed formats are not emulated)";
            return false;
    }
    const int bits[4] = {desc.x, desc.y, desc.z, desc.w};
    int channels = 0;
    while (channels < 4 && bits[channels] != 0) {
        ++channels;
    }
    for (int i = channels; i < 4; ++i) {
        if (bits[i] != 0) {
            *why = "channels after one of 0 bits";
            return false;
        }
    }
    if (channels != 1 && channels != 2 && channels != 4) {
        *why = channels == 0 ? "no channel of any bits" : "3 channels (CUDA's formats have 1, 2 or 4)";
        return false;
    }
    for (int i = 1; i < channels; ++i) {
        if (bits[i] != bits[0]) {
            *why = "channels of different sizes";
            return false;
        }
    }
    const bool sizeFits = found.kind == TexelFormat::Kind::Float
                              ? (bits[0] == 16 || bits[0] == 32)
                              : (bits[0] == 8 || bits[0] == 16 || (bits[0] == 32 && !found.alwaysNormalized));
    if (!sizeFits) {
        *why = "channels of " + std::to_string(bits[0]) + " bits";
        return false;
    }
    found.channels = channels;
    found.channelBytes = bits[0] / 8;
    *format = found;
    return true;
}

}  // namespace warp_emulator

bool cudaArray::live() const {
    const warp_emulator::Allocation* allocation = warp_emulator::DeviceMemory::instance().holding(texels);
    return allocation != nullptr && allocation->live && allocation->start == texels;
}

void cudaArray::noteCopiedInto() {
    const warp_emulator::Allocation* allocation = warp_emulator::DeviceMemory::instance().holding(texels);
    allDefined = allocation != nullptr && allocation->defined != nullptr &&
                 (allocation->wholeDefined || std::all_of(allocation->defined, allocation->defined + allocation->bytes,
                                                      [](unsigned char byte) { return byte == warp_emulator::kDefined; }));
}

std::string cudaArray::shapeText() const {
    using warp_emulator::ArrayShape;
    const std::string texel = format.name();
    const std::string plane = std::to_string(width) + "x" + std::to_string(height);
    switch (shape) {
        case ArrayShape::OneD: return "CUDA array of " + std::to_string(width) + " " + texel;
        case ArrayShape::TwoD: return plane + " CUDA array of " + texel;
        case ArrayShape::ThreeD: return plane + "x" + std::to_string(depth) + " CUDA array of " + texel;
        case ArrayShape::OneDLayered:
            return "1D layered CUDA array of " + std::to_string(depth) + " layers of " + std::to_string(width) + " " +
                   texel;
        case ArrayShape::TwoDLayered:
            return "2D layered CUDA array of " + std::to_string(depth) + " layers of " + plane + " " + texel;
        case ArrayShape::Cubemap: return "cubemap CUDA array of 6 faces of " + plane + " " + texel;
        case ArrayShape::CubemapLayered:
            return "layered cubemap CUDA array of " + std::to_string(depth / 6) + " cubemaps of 6 faces of " + plane +
                   " " + texel;
    }
    return "CUDA array";
}

std::string cudaArray::texelText(size_t x, size_t y, size_t z) const {
    using warp_emulator::ArrayShape;
    const std::string plane = "texel (" + std::to_string(x) + ", " + std::to_string(y) + ")";
    switch (shape) {
        case ArrayShape::OneD: return "texel " + std::to_string(x);
        case ArrayShape::TwoD: return plane;
        case ArrayShape::ThreeD:
            return "texel (" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + ")";
        case ArrayShape::OneDLayered: return "texel " + std::to_string(x) + " of layer " + std::to_string(z);
        case ArrayShape::TwoDLayered: return plane + " of layer " + std::to_string(z);
        case ArrayShape::Cubemap: return plane + " of face " + std::to_string(z);
        case ArrayShape::CubemapLayered:
            return plane + " of face " + std::to_string(z % 6) + " of cubemap " + std::to_string(z / 6);
    }
    return plane;
}

namespace warp_emulator {

TextureObjects& TextureObjects::get() {
    static TextureObjects* objects = new TextureObjects;
    return *objects;
}

cudaArray* TextureObjects::addArray(std::unique_ptr<cudaArray> array) {
    cudaArray* kept = array.get();
    arrays_.push_back(std::move(array));
    arrayHandles_.insert(kept);
    return kept;
}

cudaArray* TextureObjects::array(const void* handle) const {
    if (arrayHandles_.count(handle) == 0) {
        return nullptr;
    }
    return const_cast<cudaArray*>(static_cast<const cudaArray*>(handle));
}

unsigned long long TextureObjects::add(TextureOrSurface object) {
    objects_.push_back(std::move(object));
    return objects_.size();
}

TextureOrSurface* TextureObjects::object(unsigned long long handle) {
    if (handle == 0 || handle > objects_.size()) {
        return nullptr;
    }
    return &objects_[handle - 1];
}

}  // namespace warp_emulator
