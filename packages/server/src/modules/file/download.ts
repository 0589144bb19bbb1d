import type { FastifyReply } from 'fastify';

/** Sends a zip as an attachment; the UTF-8 file name survives Chinese display ids. */
export function sendZip(reply: FastifyReply, fileName: string, data: Buffer) {
  reply.header('Content-Type', 'application/zip');
  reply.header('Content-Disposition', `attachment; filename="${fileName.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`);
  return reply.send(data);
}
