"""One frame of the path-traced table built in Blender and rendered by Cycles
(needs ``bpy``: ``make render-frames`` installs it into ``.venv-render``).

The scene, in metres: a wooden table top (a procedural grain); each item of the
simulated table as a thin box (:data:`~.setup.CARD_MM`) whose face is the
simulated table's own sprite of it (:func:`hardware.simtable.sprites.draw_item`:
the same QR modules, label and back), bent by its curl; the finish on the cards
(matte paper, a clear coat, or a sleeve: a transparent glossy film a little
larger than the card, just above it); the lighting's lamps as area lights (soft
shadows); a dim grey room; the camera straight above. Cycles on the CPU, few
samples, Intel's OpenImageDenoise; the picture's tone is Blender's "Standard"
(a camera's clipping, not a film look).
"""
from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from hardware.simtable.sprites import draw_item

from .setup import (
    AMBIENT,
    CARD_MM,
    FINISHES,
    LIGHTINGS,
    SLEEVE_EXTRA_MM,
    SLEEVE_GAP_MM,
    TABLE_MM,
    Camera,
    Card,
    Finish,
    Frame,
    cards,
    example_scene,
)

MM = 0.001
#: picture brightness: white paper lit to 1.0 (all lamps) renders at this linear value
WHITE_LINEAR = 0.72
QR_MODULES = 21
MODULE_PX = 8            # sprite pixels per QR module (a 25 mm tag: 6.7 px per mm)


def render(frame: Frame, out_dir: Path, samples: int = 16, threads: int = 2) -> tuple[Path, list[Card], float]:
    """Build ``frame``'s scene and render it to ``out_dir/<name>.jpg`` (quality 92);
    returns the path, the cards as built and the seconds the render took."""
    import bpy
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    camera = Camera()
    _settings(scene, camera, samples, threads)
    _world(scene)
    _table(scene)
    built = cards(example_scene(frame.game, frame.state), frame.seed)
    fin = FINISHES[frame.finish]
    for k, card in enumerate(built):
        _card(scene, card, fin if card.finished else FINISHES["matte"], k)
    for light in LIGHTINGS[frame.lighting]:
        _light(scene, light)
    _camera(scene, camera)
    path = out_dir / f"{frame.name}.jpg"
    scene.render.filepath = str(path)
    t0 = time.perf_counter()
    bpy.ops.render.render(write_still=True)
    return path, built, time.perf_counter() - t0


def camera_px_per_mm() -> float:
    """The picture's pixels per millimetre on the table top."""
    cam = Camera()
    return cam.focal_px / cam.height_mm


def grey_of(path: Path) -> np.ndarray:
    """A rendered picture's grey levels (0-255, rows top to bottom), read by Blender."""
    import bpy
    img = bpy.data.images.load(str(path))
    w, h = img.size
    px = np.empty(w * h * 4, np.float32)
    img.pixels.foreach_get(px)
    bpy.data.images.remove(img)
    rgb = px.reshape(h, w, 4)[::-1, :, :3]
    return np.asarray(np.round((rgb @ np.array([0.299, 0.587, 0.114], np.float32)) * 255.0))


def _settings(scene: Any, camera: Camera, samples: int, threads: int) -> None:
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = samples
    scene.cycles.use_adaptive_sampling = True
    scene.cycles.use_denoising = True
    try:
        scene.cycles.denoiser = "OPENIMAGEDENOISE"
    except (TypeError, ValueError):
        pass                                    # a build without it keeps its default
    for name in ("denoising_prefilter", "denoising_quality"):
        try:
            setattr(scene.cycles, name, "FAST")
        except (AttributeError, TypeError, ValueError):
            pass
    scene.cycles.max_bounces = 3
    scene.cycles.diffuse_bounces = 2
    scene.cycles.glossy_bounces = 2
    scene.cycles.transmission_bounces = 0
    scene.cycles.volume_bounces = 0
    scene.cycles.transparent_max_bounces = 4
    scene.cycles.caustics_reflective = False
    scene.cycles.caustics_refractive = False
    scene.cycles.filter_width = 1.0
    scene.render.threads_mode = "FIXED"
    scene.render.threads = threads
    scene.render.resolution_x, scene.render.resolution_y = camera.resolution
    scene.render.resolution_percentage = 100
    scene.render.image_settings.file_format = "JPEG"
    scene.render.image_settings.quality = 92
    scene.view_settings.view_transform = "Standard"
    scene.view_settings.look = "None"
    scene.view_settings.exposure = math.log2(WHITE_LINEAR * math.pi)
    scene.unit_settings.system = "METRIC"


def _world(scene: Any) -> None:
    import bpy
    world = bpy.data.worlds.new("room")
    scene.world = world
    bg = world.node_tree.nodes["Background"]
    bg.inputs["Color"].default_value = (1.0, 0.97, 0.92, 1.0)
    bg.inputs["Strength"].default_value = AMBIENT / math.pi


def _table(scene: Any) -> None:
    """A wooden table top: bands of grain (a wave texture distorted by noise) in two browns."""
    import bpy
    w, h = TABLE_MM
    bpy.ops.mesh.primitive_plane_add(size=1.0, location=(w / 2 * MM, h / 2 * MM, 0.0))
    table = bpy.context.active_object
    table.scale = (1900 * MM, 1300 * MM, 1.0)
    mat = bpy.data.materials.new("wood")
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    wave = nodes.new("ShaderNodeTexWave")
    wave.bands_direction = "X"
    wave.inputs["Scale"].default_value = 2.2
    wave.inputs["Distortion"].default_value = 9.0
    wave.inputs["Detail"].default_value = 3.0
    ramp = nodes.new("ShaderNodeValToRGB")
    ramp.color_ramp.elements[0].color = (0.16, 0.075, 0.03, 1.0)
    ramp.color_ramp.elements[1].color = (0.36, 0.2, 0.1, 1.0)
    links.new(wave.outputs["Fac"], ramp.inputs["Fac"])
    links.new(ramp.outputs["Color"], bsdf.inputs["Base Color"])
    bsdf.inputs["Roughness"].default_value = 0.55
    bsdf.inputs["Specular IOR Level"].default_value = 0.3
    table.data.materials.append(mat)


def _grid(card: Card, u0: float, u1: float, v0: float, v1: float, above_mm: float, nu: int, nv: int
          ) -> tuple[list[tuple[float, float, float]], list[tuple[int, int, int, int]], list[tuple[float, float]]]:
    """A bent grid over the card's face from (u0, v0) to (u1, v1) (card mm),
    ``above_mm`` over its face: vertices (metres), quads and their UVs (0-1)."""
    verts, uvs = [], []
    for j in range(nv + 1):
        for i in range(nu + 1):
            u = u0 + (u1 - u0) * i / nu
            v = v0 + (v1 - v0) * j / nv
            x, y, z = card.surface(u, v)
            nx, ny, nz = card.normal(u, v)
            verts.append(((x + nx * above_mm) * MM, (y + ny * above_mm) * MM, (z + nz * above_mm) * MM))
            uvs.append((i / nu, j / nv))
    quads = [(j * (nu + 1) + i, j * (nu + 1) + i + 1, (j + 1) * (nu + 1) + i + 1, (j + 1) * (nu + 1) + i)
             for j in range(nv) for i in range(nu)]
    return verts, quads, uvs


def _mesh(scene: Any, name: str, verts: list[Any], quads: list[Any], uvs: list[Any]) -> Any:
    import bpy
    mesh = bpy.data.meshes.new(name)
    mesh.from_pydata(verts, [], quads)
    layer = mesh.uv_layers.new(name="UVMap")
    for poly in mesh.polygons:
        for li in poly.loop_indices:
            layer.data[li].uv = uvs[mesh.loops[li].vertex_index]
    for poly in mesh.polygons:
        poly.use_smooth = True
    obj = bpy.data.objects.new(name, mesh)
    scene.collection.objects.link(obj)
    return obj


def _card(scene: Any, card: Card, fin: Finish, k: int) -> None:
    """One item: its sprite on a bent thin box, the finish, and a sleeve over it."""
    import bpy
    it = card.item
    sprite = draw_item(it.payload, it.face_up, it.back, it.label, it.tag_mm, it.body_mm, it.shape, MODULE_PX)
    H, W = sprite.image.shape[:2]
    s = sprite.px_per_mm
    u0, u1 = (-0.5 - sprite.cx) / s, (W - 0.5 - sprite.cx) / s
    v0, v1 = (sprite.cy - (H - 0.5)) / s, (sprite.cy + 0.5) / s
    # a rectangle's box is its body exactly (no transparent margin: alpha costs samples)
    opaque = it.shape == "rect" and it.size_mm is not None and it.size_mm[0] >= it.tag_mm * 29 / 21
    uv_box = (0.0, 1.0, 0.0, 1.0)
    if opaque:
        bw, bh = it.body_mm
        c0, c1, r0, r1 = -bw / 2, bw / 2, -bh / 2, bh / 2
        uv_box = ((c0 - u0) / (u1 - u0), (c1 - u0) / (u1 - u0), (r0 - v0) / (v1 - v0), (r1 - v0) / (v1 - v0))
        u0, u1, v0, v1 = c0, c1, r0, r1
    bent = card.lift_mm > 0
    n_along = 24 if bent else 1
    nu, nv = (1, n_along) if card.curl_along_v else (n_along, 1)
    verts, quads, uvs = _grid(card, u0, u1, v0, v1, 0.0, nu, nv)
    a0, a1, b0, b1 = uv_box
    uvs = [(a0 + (a1 - a0) * x, b0 + (b1 - b0) * y) for x, y in uvs]
    obj = _mesh(scene, f"item{k}", verts, quads, uvs)
    solid = obj.modifiers.new("thickness", "SOLIDIFY")
    solid.thickness = CARD_MM * MM
    solid.offset = -1.0

    # the face as the camera's pixels integrate it (a pixel spans MODULE_PX / px_per_module
    # texels): few samples per pixel of an unfiltered texture would alias into noise
    footprint = MODULE_PX * QR_MODULES / it.tag_mm / camera_px_per_mm()
    bgra = cv2.GaussianBlur(sprite.image, (0, 0), 0.42 * footprint).astype(np.float32) / 255.0
    alpha = bgra[..., 3:4]
    rgb = np.where(alpha > 0, bgra[..., :3] / np.maximum(alpha, 1e-6), 0.0)[..., ::-1]
    rgba = np.concatenate([rgb, alpha], axis=-1)[::-1].astype(np.float32)
    img = bpy.data.images.new(f"face{k}", W, H, alpha=True)
    img.pixels.foreach_set(rgba.ravel())
    img.pack()

    mat = bpy.data.materials.new(f"card{k}")
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    bsdf = nodes["Principled BSDF"]
    tex = nodes.new("ShaderNodeTexImage")
    tex.image = img
    tex.interpolation = "Linear"
    links.new(tex.outputs["Color"], bsdf.inputs["Base Color"])
    if not opaque:
        links.new(tex.outputs["Alpha"], bsdf.inputs["Alpha"])
    bsdf.inputs["Roughness"].default_value = fin.paper_roughness
    bsdf.inputs["Specular IOR Level"].default_value = 0.25
    if fin.layer == "coat":
        bsdf.inputs["Coat Weight"].default_value = 1.0
        bsdf.inputs["Coat Roughness"].default_value = fin.layer_roughness
        bsdf.inputs["Coat IOR"].default_value = 1.5
    obj.data.materials.append(mat)
    if fin.layer == "sleeve":
        _sleeve(scene, card, fin, k)


def _sleeve(scene: Any, card: Card, fin: Finish, k: int) -> None:
    """A card sleeve's face: a transparent glossy film a little larger than the
    card (Fresnel's share of a sharp reflection, the rest passes through)."""
    import bpy
    w, h = card.item.body_mm
    e = SLEEVE_EXTRA_MM
    bent = card.lift_mm > 0
    n_along = 24 if bent else 1
    nu, nv = (1, n_along) if card.curl_along_v else (n_along, 1)
    verts, quads, uvs = _grid(card, -w / 2 - e, w / 2 + e, -h / 2 - e, h / 2 + e, SLEEVE_GAP_MM, nu, nv)
    obj = _mesh(scene, f"sleeve{k}", verts, quads, uvs)
    mat = bpy.data.materials.new(f"sleeve{k}")
    nodes, links = mat.node_tree.nodes, mat.node_tree.links
    nodes.remove(nodes["Principled BSDF"])
    out = nodes["Material Output"]
    fresnel = nodes.new("ShaderNodeFresnel")
    fresnel.inputs["IOR"].default_value = 1.0 + 2.0 * math.sqrt(fin.f0) / (1.0 - math.sqrt(fin.f0))
    clear = nodes.new("ShaderNodeBsdfTransparent")
    gloss = nodes.new("ShaderNodeBsdfGlossy")
    gloss.inputs["Roughness"].default_value = fin.layer_roughness
    mix = nodes.new("ShaderNodeMixShader")
    links.new(fresnel.outputs["Fac"], mix.inputs["Fac"])
    links.new(clear.outputs["BSDF"], mix.inputs[1])
    links.new(gloss.outputs["BSDF"], mix.inputs[2])
    links.new(mix.outputs["Shader"], out.inputs["Surface"])
    obj.data.materials.append(mat)


def _light(scene: Any, light: Any) -> None:
    """An area light: ``radiance`` over its area, facing its aim."""
    import bpy
    from mathutils import Vector
    data = bpy.data.lights.new(light.name, "AREA")
    if light.shape == "disk":
        data.shape = "DISK"
        data.size = light.size_mm[0] * MM
    else:
        data.shape = "RECTANGLE"
        data.size, data.size_y = light.size_mm[0] * MM, light.size_mm[1] * MM
    # Blender's area light: power P watts from area A gives radiance P / (pi A) (in its units)
    data.energy = light.radiance * math.pi * light.area_mm2 * MM * MM
    obj = bpy.data.objects.new(light.name, data)
    obj.location = tuple(c * MM for c in light.position)
    direction = Vector(tuple((a - p) * MM for a, p in zip(light.aim, light.position)))
    obj.rotation_euler = direction.to_track_quat("-Z", "Y").to_euler()
    scene.collection.objects.link(obj)


def _camera(scene: Any, camera: Camera) -> None:
    import bpy
    data = bpy.data.cameras.new("camera")
    data.lens = camera.lens_mm
    data.sensor_width = 36.0
    data.sensor_fit = "HORIZONTAL"
    data.clip_start = 0.01
    obj = bpy.data.objects.new("camera", data)
    obj.location = tuple(c * MM for c in camera.position)
    obj.rotation_euler = (0.0, 0.0, 0.0)
    scene.collection.objects.link(obj)
    scene.camera = obj
