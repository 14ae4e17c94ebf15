/** Writes the default `remotes.json`: each remote's manifest under `/remotes/<name>/`. */
export class DefaultRemotesPlugin {
  /** @param {string[]} names */
  constructor(names) {
    this.names = names;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('DefaultRemotesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'DefaultRemotesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        const manifest = Object.fromEntries(this.names.map((name) => [name, `/remotes/${name}/mf-manifest.json`]));
        compilation.emitAsset('remotes.json', new RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}
