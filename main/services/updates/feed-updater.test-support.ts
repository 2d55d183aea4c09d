import { request, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { createRequire } from 'node:module';
import { HttpExecutor, newError } from 'builder-util-runtime';
import type { AppUpdater } from 'electron-updater';
import type { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider';
import { FakeUpdater } from './fake-updater.test-support';

// semver is electron-updater's own dependency (no types shipped): the same comparison AppUpdater makes.
const semver = createRequire(import.meta.url)('semver') as { parse(version: unknown): object | null; gt(a: string, b: string): boolean };

/** builder-util-runtime's HTTP client over Node's http instead of Electron's net (which needs Electron). */
class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request(options, callback);
  }
}

/**
 * An updater whose check is electron-updater's real GenericProvider reading `latest.yml` from a
 * feed, judged as AppUpdater judges it (a version that is not semver is an error; newer is an
 * update). Downloads and installs stay fake: only the check goes over HTTP.
 */
export class FeedUpdater extends FakeUpdater {
  private readonly provider: GenericProvider;

  constructor(feedUrl: string, private readonly currentVersion: string) {
    super();
    this.provider = new GenericProvider(
      { provider: 'generic', url: feedUrl },
      // The provider reads only these two fields of its updater.
      { channel: null, isAddNoCacheQuery: false } as unknown as AppUpdater,
      // win32: the channel file is plain latest.yml (linux would ask for latest-linux.yml).
      { executor: new NodeHttpExecutor() as unknown as ElectronHttpExecutor, platform: 'win32', isUseMultipleRangeRequest: false },
    );
    this.onCheck = () => this.checkFeed();
  }

  private async checkFeed(): Promise<unknown> {
    try {
      const info = await this.provider.getLatestVersion();
      if (semver.parse(info?.version) === null) {
        throw newError(`The latest version (from update server) does not have a valid semver version: "${String(info?.version)}"`, 'ERR_UPDATER_INVALID_VERSION');
      }
      this.emit(semver.gt(info.version, this.currentVersion) ? 'update-available' : 'update-not-available', info);
      return { updateInfo: info };
    } catch (error) {
      // As AppUpdater does: the error event, then the rejection.
      this.emit('error', error);
      throw error;
    }
  }
}
