/**
 * sharp, loaded on first use: its native library and bindings cost ~20 MB of RSS in a process that
 * never touches an image (a web process whose uploads are processed by the job runner, a worker;
 * decision 049). Its cache is off: each image is read once.
 */
import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/** The sharp function, imported once. */
export function loadSharp(): Promise<typeof Sharp> {
  return loading ??= import("sharp").then((m) => {
    m.default.cache(false);
    return m.default;
  });
}
