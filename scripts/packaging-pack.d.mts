/** Electron 45's fuse wire as it ships, fuse by fuse in FuseV1Options order ('1' on, '0' off). */
export declare const ELECTRON_SHIPPED_FUSES: string;
/** Writes a folder electron-builder takes as an unpacked Linux Electron (an `electron` carrying a fuse wire); returns it. */
export declare function makeStandInElectron(folder: string): string;
/** Packs `projectDir` with its electron-builder.yml into `<outputDir>/linux-unpacked`, offline. */
export declare function packLinuxDir(options: {
  projectDir: string;
  electronDist: string;
  outputDir: string;
  executableName: string;
}): Promise<{ appDir: string; binary: string }>;
/** Every file in an asar archive, as sorted paths without a leading slash. */
export declare function listAsarFiles(archive: string): string[];
/** The packed binary's fuses by name: true on, false off. */
export declare function readFuses(binary: string): Promise<Record<string, boolean>>;
