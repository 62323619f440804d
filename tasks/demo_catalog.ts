/**
 * The demo site's content: every clip and image is drawn by ffmpeg's synthetic sources
 * (tasks/make_demo_media.ts writes them to static/demo/), embeds are Blender open movies.
 * Pure data, shared by the media generator and the seeder (tasks/seed_demo.ts).
 */

export type DemoSource = {
  /** File stem under static/demo/ (video: `{name}.mp4` + `{name}.jpg` poster; image: `{name}.{ext}`). */
  name: string;
  /** ffmpeg lavfi graph producing the picture. */
  graph: string;
  title: string;
  prompt: string;
  tags: string[];
  category: string;
};

const V = "s=480x270:r=24";
const I = "s=640x360";
/** A black-and-white pattern coloured by a slowly turning gradient (multiply blend). */
const tint = (pattern: string, size: string, seed: number) =>
  `${pattern},scale=${
    size.replace("x", ":")
  }:flags=neighbor,format=gbrp[a];gradients=s=${size}:r=24:n=3:seed=${seed}:speed=0.04,format=gbrp[b];[a][b]blend=all_mode=multiply`;
const plasma = (a: number, b: number, c: number) =>
  `color=black:${V},format=gbrp,geq=r='128+127*sin(X/${a}+T*2)':g='128+127*sin(Y/${b}+T*3)':b='128+127*sin((X+Y)/${c}+T)'`;

export const DEMO_VIDEOS: DemoSource[] = [
  {
    name: "deep-zoom",
    graph: `mandelbrot=${V}:start_scale=3:end_scale=0.2:end_pts=96`,
    title: "Descent Into the Infinite Spiral",
    prompt: "A probe's endless dive toward the glowing coastline of an alien world, cinematic, 24 fps",
    tags: ["coastline", "dive", "space"],
    category: "sci-fi",
  },
  {
    name: "seahorse-valley",
    graph:
      `mandelbrot=${V}:start_x=-0.743643887037151:start_y=0.131825904205330:start_scale=0.02:end_scale=0.0005:end_pts=96:outer=normalized_iteration_count`,
    title: "Seahorse Valley at Midnight",
    prompt: "Slow push into a reef where glowing seahorses drift at midnight, deep blue palette",
    tags: ["seahorses", "reef", "night"],
    category: "nature",
  },
  {
    name: "petri-bloom",
    graph:
      `life=s=160x90:r=24:seed=3:mold=10:ratio=0.12:life_color=#39ff88:death_color=#1b2a6b:mold_color=#0a0a18,scale=480:270:flags=neighbor`,
    title: "Petri Dish Bloom",
    prompt: "Microscopic colonies growing and fading, neon green on ink, time-lapse",
    tags: ["life", "organic", "timelapse"],
    category: "sci-fi",
  },
  {
    name: "rule-110",
    graph: tint("cellauto=s=160x90:r=24:rule=110:seed=4:ratio=0.5", "480x270", 9),
    title: "Rainbow Falls",
    prompt: "A waterfall tumbling into rainbow mist, seen through a long lens",
    tags: ["waterfall", "rainbow", "mist"],
    category: "nature",
  },
  {
    name: "aurora-drift",
    graph: `gradients=${V}:n=4:speed=0.03:seed=7`,
    title: "Aurora Drift",
    prompt: "Soft aurora colours rotating over a calm horizon, dreamy, ambient",
    tags: ["gradient", "ambient", "calm"],
    category: "nature",
  },
  {
    name: "broadcast-ghost",
    graph: `smptebars=${V},hue=h=t*90`,
    title: "Broadcast Ghost",
    prompt: "Old television test bars melting through the colour wheel, VHS nostalgia",
    tags: ["retro", "tv", "glitch"],
    category: "music-video",
  },
  {
    name: "signal-check",
    graph: `testsrc2=${V}`,
    title: "Signal Check 2049",
    prompt: "A retro-futurist calibration screen from a spaceship console",
    tags: ["retro", "scifi", "ui"],
    category: "sci-fi",
  },
  {
    name: "carpet-weave",
    graph: tint("sierpinski=s=480x270:r=24:type=carpet:seed=1", "480x270", 23),
    title: "The Endless Carpet",
    prompt: "An infinite woven carpet sliding past, molten magma colours",
    tags: ["carpet", "weave", "warm"],
    category: "animation",
  },
  {
    name: "plasma-sea",
    graph: plasma(23, 17, 31),
    title: "Plasma Sea",
    prompt: "Liquid neon plasma waves rolling under a synthwave sky",
    tags: ["plasma", "synthwave", "neon"],
    category: "music-video",
  },
  {
    name: "ripple-pool",
    graph: `color=black:${V},geq=lum='128+127*sin(hypot(X-W/2\\,Y-H/2)/8-T*6)':cb=128:cr=128,pseudocolor=p=viridis`,
    title: "Ripples in a Digital Pool",
    prompt: "Concentric ripples spreading across a green-blue pool, top-down drone shot",
    tags: ["water", "ripple", "calm"],
    category: "nature",
  },
  {
    name: "triangle-storm",
    graph: tint("sierpinski=s=480x270:r=24:type=triangle:jump=2:seed=1", "480x270", 31),
    title: "Triangle Storm",
    prompt: "Burning origami triangles folding into smaller ones in a firestorm",
    tags: ["origami", "fire", "storm"],
    category: "animation",
  },
  {
    name: "rule-30-rain",
    graph: tint("cellauto=s=240x135:r=24:rule=30:seed=2:ratio=0.3", "480x270", 17),
    title: "Rain at Purple Dusk",
    prompt: "A heavy storm falling over a sleeping town at purple dusk, cinematic wide shot",
    tags: ["rain", "storm", "purple"],
    category: "cinematic",
  },
  {
    name: "sunset-bands",
    graph: `gradients=${V}:n=6:speed=0.05:seed=42:type=circular`,
    title: "Sunset Bands",
    prompt: "Radial sunset gradient pulsing like a heartbeat, golden hour",
    tags: ["sunset", "gradient", "warm"],
    category: "nature",
  },
  {
    name: "acid-plasma",
    graph: plasma(11, 29, 13),
    title: "Warehouse Rave, 1994",
    prompt: "Stage lights washing a 1990s warehouse rave in fast colour, music video",
    tags: ["rave", "lights", "1990s"],
    category: "music-video",
  },
  {
    name: "colony-wars",
    graph:
      `life=s=120x68:r=24:seed=5:mold=25:ratio=0.3:life_color=#ff5a36:death_color=#2b0b3f:mold_color=#120418,scale=480:270:flags=neighbor`,
    title: "Colony Wars",
    prompt: "Two red colonies fighting for territory on a violet field, strategy game aesthetic",
    tags: ["life", "red", "game"],
    category: "characters",
  },
  {
    name: "spiral-portal",
    graph: `gradients=${V}:n=5:speed=0.08:seed=3:type=spiral`,
    title: "Spiral Portal",
    prompt: "A swirling portal opening in the sky, vivid colours, wide lens",
    tags: ["portal", "spiral", "fantasy"],
    category: "fantasy",
  },
];

export const DEMO_IMAGES: (DemoSource & { ext: "jpg" | "webp"; at: number })[] = [
  {
    name: "elephant-valley",
    ext: "jpg",
    at: 0,
    graph: `mandelbrot=${I}:start_x=0.2925:start_y=0.0149:start_scale=0.01:outer=normalized_iteration_count`,
    title: "Elephant Valley",
    prompt: "A herd of elephants marching along a golden shoreline, ultra detailed",
    tags: ["elephants", "gold", "wallpaper"],
    category: "fantasy",
  },
  {
    name: "mandel-classic",
    ext: "webp",
    at: 0,
    graph: `mandelbrot=${I}:start_scale=2.6:outer=normalized_iteration_count`,
    title: "Island Adrift in Deep Space",
    prompt: "A lonely island floating in deep space, retro sci-fi poster",
    tags: ["island", "poster", "space"],
    category: "sci-fi",
  },
  {
    name: "magma-carpet",
    ext: "jpg",
    at: 1,
    graph: tint("sierpinski=s=640x360:type=carpet:seed=5", "640x360", 41),
    title: "Magma Tiles",
    prompt: "A hall floor of glowing magma tiles, top-down, symmetric",
    tags: ["pattern", "fire", "tiles"],
    category: "architecture",
  },
  {
    name: "viridis-triangle",
    ext: "webp",
    at: 1,
    graph: tint("sierpinski=s=640x360:type=triangle:seed=5", "640x360", 12),
    title: "Forest Triangle",
    prompt: "A triangle made of forest canopies seen from a satellite",
    tags: ["geometry", "green", "satellite"],
    category: "nature",
  },
  {
    name: "spectrum-wall",
    ext: "jpg",
    at: 0,
    graph: `colorspectrum=${I}:type=all`,
    title: "Spectrum Wall",
    prompt: "Every colour of light on one wall, museum installation photo",
    tags: ["colour", "spectrum", "minimal"],
    category: "experimental",
  },
  {
    name: "turbo-rule-90",
    ext: "jpg",
    at: 3,
    graph: tint("cellauto=s=320x180:rule=90:seed=8:ratio=0.02:start_full=1", "640x360", 77),
    title: "Rule 90 Tapestry",
    prompt: "A woven tapestry of nested triangles in thermal camera colours",
    tags: ["automata", "textile", "thermal"],
    category: "experimental",
  },
  {
    name: "dusk-gradient",
    ext: "webp",
    at: 0,
    graph: `gradients=${I}:n=3:seed=11:c0=#1d1148:c1=#e4577d:c2=#ffb36b`,
    title: "Dusk Over Nowhere",
    prompt: "Minimal dusk sky, purple to peach, no horizon",
    tags: ["sky", "minimal", "sunset"],
    category: "nature",
  },
  {
    name: "ocean-radial",
    ext: "jpg",
    at: 0,
    graph: `gradients=${I}:n=4:seed=5:type=radial:c0=#03045e:c1=#0077b6:c2=#00b4d8:c3=#caf0f8`,
    title: "Into the Blue Eye",
    prompt: "Looking straight down into a radial ocean trench, cyan light",
    tags: ["ocean", "blue", "minimal"],
    category: "nature",
  },
  {
    name: "life-map",
    ext: "jpg",
    at: 2,
    graph: `life=s=320x180:seed=6:mold=15:ratio=0.2:life_color=#ffd166:death_color=#073b4c:mold_color=#06202b,scale=640:360:flags=neighbor`,
    title: "Map of a Forgotten City",
    prompt: "Pixel-art map of a city seen from orbit at night, amber lights",
    tags: ["pixel", "city", "map"],
    category: "architecture",
  },
  {
    name: "plasma-still",
    ext: "webp",
    at: 1,
    graph: `color=black:${I},format=gbrp,geq=r='128+127*sin(X/41)':g='128+127*sin(Y/29+1)':b='128+127*sin((X-Y)/37)'`,
    title: "Oil on Water",
    prompt: "Macro photograph of oil film colours on a puddle",
    tags: ["macro", "rainbow", "texture"],
    category: "experimental",
  },
  {
    name: "moire-rings",
    ext: "jpg",
    at: 0,
    graph:
      `color=black:${I},geq=lum='128+127*sin(hypot(X-W/3\\,Y-H/2)/5)*sin(hypot(X-2*W/3\\,Y-H/2)/5)':cb=128:cr=128,pseudocolor=p=cividis`,
    title: "Rain on Two Ponds",
    prompt: "Raindrop rings spreading on two ponds at once, aerial photo, golden and navy",
    tags: ["ponds", "rain", "aerial"],
    category: "nature",
  },
  {
    name: "test-card",
    ext: "jpg",
    at: 2,
    graph: `testsrc2=${I}`,
    title: "Test Card From Another Timeline",
    prompt: "A broadcast test card from an alternate 1980s",
    tags: ["retro", "tv", "ui"],
    category: "sci-fi",
  },
  {
    name: "hd-bars",
    ext: "webp",
    at: 0,
    graph: `smptehdbars=${I},hue=h=200:s=1.3`,
    title: "Colour Bars, Reimagined",
    prompt: "Broadcast colour bars rendered in a cool cyberpunk grade",
    tags: ["retro", "cyberpunk", "tv"],
    category: "sci-fi",
  },
  {
    name: "mini-brot",
    ext: "jpg",
    at: 0,
    graph: `mandelbrot=${I}:start_x=-1.7687788:start_y=0.0017389:start_scale=0.0005:outer=normalized_iteration_count`,
    title: "A Tiny Copy of Everything",
    prompt: "A miniature world hidden in a dewdrop on a spider's thread, macro lens, bokeh",
    tags: ["miniature", "macro", "dewdrop"],
    category: "fantasy",
  },
  {
    name: "rgb-steps",
    ext: "jpg",
    at: 0,
    graph: `rgbtestsrc=${I},boxblur=12:2`,
    title: "Three Primaries",
    prompt: "Soft red, green and blue light panels in a dark studio",
    tags: ["studio", "light", "minimal"],
    category: "experimental",
  },
  {
    name: "ember-field",
    ext: "webp",
    at: 3,
    graph: `life=s=640x360:seed=7:mold=40:ratio=0.05:life_color=#ffffff:death_color=#ff6b00:mold_color=#1a0500`,
    title: "Field of Embers",
    prompt: "Scattered embers glowing across a dark field after a festival",
    tags: ["fire", "night", "particles"],
    category: "fantasy",
  },
  {
    name: "spiral-galaxy",
    ext: "jpg",
    at: 0,
    graph: `gradients=${I}:n=5:seed=21:type=spiral:c0=#000000:c1=#3a0ca3:c2=#7209b7:c3=#f72585:c4=#4cc9f0`,
    title: "Galaxy in a Teacup",
    prompt: "A spiral galaxy swirling inside a teacup, surreal still life",
    tags: ["space", "surreal", "spiral"],
    category: "fantasy",
  },
  {
    name: "chart-grid",
    ext: "jpg",
    at: 0,
    graph: `color=black:${I},format=gbrp,geq=r='255*floor(X/80)/7':g='255*floor(Y/90)/3':b='128+127*sin(floor(X/80)+floor(Y/90))'`,
    title: "Palette of a Painter Robot",
    prompt: "A robot painter's palette of 24 perfectly square colour swatches",
    tags: ["palette", "robot", "colour"],
    category: "experimental",
  },
];

/** Blender open movies on YouTube (CC-BY), by id. */
export const DEMO_EMBEDS: { youtubeId: string; title: string; prompt: string; tags: string[]; category: string }[] = [
  {
    youtubeId: "aqz-KE-bpKQ",
    title: "Big Buck Bunny (open movie)",
    prompt: "",
    tags: ["blender", "open movie", "animation"],
    category: "animation",
  },
  { youtubeId: "eRsGyueVLvQ", title: "Sintel (open movie)", prompt: "", tags: ["blender", "fantasy", "dragon"], category: "fantasy" },
  { youtubeId: "WhWc3b3KhnY", title: "Spring (open movie)", prompt: "", tags: ["blender", "nature", "spirits"], category: "animation" },
  { youtubeId: "YE7VzlLtp-4", title: "Big Buck Bunny 60fps", prompt: "", tags: ["blender", "comedy"], category: "comedy" },
  { youtubeId: "TLkA0RELQ1g", title: "Elephants Dream", prompt: "", tags: ["blender", "surreal"], category: "sci-fi" },
  { youtubeId: "R6MlUcmOul8", title: "Tears of Steel", prompt: "", tags: ["blender", "scifi", "vfx"], category: "cinematic" },
  { youtubeId: "Y-rmzh0PI3c", title: "Cosmos Laundromat", prompt: "", tags: ["blender", "surreal", "sheep"], category: "fantasy" },
  { youtubeId: "_cMxraX_5RE", title: "Sprite Fright", prompt: "", tags: ["blender", "horror", "comedy"], category: "horror" },
  {
    youtubeId: "mN0zPOpADL4",
    title: "Agent 327: Operation Barbershop",
    prompt: "",
    tags: ["blender", "spy", "action"],
    category: "cinematic",
  },
];

/** Items left in review so the admin queue has something to show. */
export const DEMO_PENDING = [
  { from: "video", index: 2, title: "Petri Dish Bloom (director's cut)" },
  { from: "image", index: 4, title: "Spectrum Wall, Second Take" },
  { from: "embed", index: 1, title: "Sintel, re-upload" },
] as const;
