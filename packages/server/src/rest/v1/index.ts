import type { FastifyInstance } from 'fastify';

// placeholder: the REST adapter's owner replaces this.
export async function registerRestV1(_app: FastifyInstance): Promise<void> {}
