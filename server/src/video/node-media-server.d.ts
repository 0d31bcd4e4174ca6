// node-media-server ships JavaScript without types; these are the parts the portal uses.
declare module 'node-media-server' {
  interface NmsSession {
    streamPath: string;
    streamName: string;
    ip: string;
  }
  export default class NodeMediaServer {
    constructor(config: Record<string, unknown>);
    on(event: 'postPublish' | 'donePublish', listener: (session: NmsSession) => void): void;
    run(): Promise<void>;
    stop(): Promise<void>;
  }
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { level: string };
  export default logger;
}
