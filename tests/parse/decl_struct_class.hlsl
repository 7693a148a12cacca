// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Records: struct and class, access specifiers, data members (scalars,
// vectors, arrays, nested records), static const members with initialisers,
// member functions, static member functions, member
// templates, nested types, and members used through objects and types.

struct Light {
    float3 position;
    float3 color;
    float radius;
    float falloff[4];
};

struct Material {
    static const uint MaxLayers = 4;
    static const bool TwoSided = false;
    static const int DefaultLayers = MaxLayers / 2;

    float4 albedo;
    float roughness;
    uint layerCount;

    float Luminance() {
        return dot(albedo.rgb, float3(0.2126f, 0.7152f, 0.0722f));
    }

    bool HasLayers() { return layerCount > 0 && layerCount <= MaxLayers; }

    static Material Make(float4 baseColor) {
        Material m;
        m.albedo = baseColor;
        m.roughness = 0.5f;
        m.layerCount = DefaultLayers;
        return m;
    }

    // A member function template.
    template <typename T> T Scaled(T value) { return value * (T)roughness; }
};

class Counter {
public:
    void Reset() { count = 0; }
    void Add(uint n) { count += n; }
    uint Get() { return count; }

private:
    uint count;

public:
    struct Snapshot {
        uint value;
    };

    Snapshot Take() {
        Snapshot s;
        s.value = count;
        return s;
    }
};

struct Scene {
    Light lights[2];
    Material material;
    Counter visited;
};

float ShadeScene() {
    Scene scene = (Scene)0;
    scene.material = Material::Make(float4(1.0f, 0.5f, 0.25f, 1.0f));
    scene.lights[1].falloff[2] = 0.5f;
    scene.visited.Reset();
    scene.visited.Add(Material::MaxLayers);
    Counter::Snapshot snap = scene.visited.Take();
    float scaled = scene.material.Scaled<float>(2.0f);
    int scaledInt = scene.material.Scaled(3);
    return scene.material.Luminance() + scaled + (float)scaledInt +
           (float)snap.value + (Material::TwoSided ? 1.0f : 0.0f) +
           (scene.material.HasLayers() ? scene.lights[1].falloff[2] : 0.0f);
}
