import net from 'node:net';

/**
 * A TCP relay in front of a service (the bucket): normally it passes bytes both ways; made slow,
 * it accepts connections and answers nothing, as a provider that hangs does. It counts the
 * connections open through it, the measure of a pile-up.
 */
export type Relay = { port: number; open(): number; setSlow(isSlow: boolean): void; close(): Promise<void> };

export async function startRelay(options: { port: number; target: number }): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  let isSlow = false;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (isSlow) {
      // Read and drop what is sent; never answer.
      client.resume();
      return;
    }
    const upstream = net.connect(options.target, '127.0.0.1');
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    port: options.port,
    open: () => sockets.size,
    setSlow(value) {
      isSlow = value;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
