import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

/** What the server answers for one name: TXT records (each a list of character-strings), or a failure. */
export type TxtAnswer = string[][] | 'servfail' | 'refused' | 'no-answer';

/**
 * A real DNS server on 127.0.0.1 (UDP, dns2) for TXT lookups in tests. Names not in `zone` are
 * NXDOMAIN; a name with an empty list exists without TXT records (NODATA); 'no-answer' never
 * replies, so the client times out. The zone may be changed while the server runs.
 */
export async function txtServer(zone: Record<string, TxtAnswer> = {}) {
  const { Packet } = dns2;
  const queries: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const [question] = request.questions;
      const name = question.name.toLowerCase().replace(/\.$/, '');
      queries.push(name);
      const answer = zone[name];
      if (answer === 'no-answer') return;
      const response = Packet.createResponseFromRequest(request);
      if (answer === undefined) response.header.rcode = Packet.RCODE.NXDOMAIN;
      else if (answer === 'servfail') response.header.rcode = Packet.RCODE.SERVFAIL;
      else if (answer === 'refused') response.header.rcode = Packet.RCODE.REFUSED;
      else if (question.type === Packet.TYPE.TXT) {
        for (const data of answer) response.answers.push(Packet.createResourceFromQuestion(question, { ttl: 0, data } as never));
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (server.addresses().udp as AddressInfo).port;
  return {
    zone,
    queries,
    /** As DNS_SERVERS takes it. */
    address: `127.0.0.1:${port}`,
    close: () => server.close(),
  };
}
