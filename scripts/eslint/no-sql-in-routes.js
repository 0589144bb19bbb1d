/**
 * ESLint rule: a file that registers HTTP routes (`api.get(...)`, `app.post(...)`, ...) builds no
 * SQL. Queries (`selectFrom`, `insertInto`, `updateTable`, `deleteFrom`, `sql` templates,
 * transactions) belong in the domain's service or repo files, where they are named and reused.
 */
const VERBS = new Set(['get', 'post', 'put', 'delete', 'patch']);
const QUERY_STARTS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'transaction', 'with']);

/** `api.get('/path', ...)`: a route registration (first argument a path string). */
const isRouteRegistration = (node) =>
  node.callee.type === 'MemberExpression' && !node.callee.computed && VERBS.has(node.callee.property.name)
  && node.arguments[0]?.type === 'Literal' && typeof node.arguments[0].value === 'string' && node.arguments[0].value.startsWith('/');

/** `ctx.db.selectFrom(...)`, `trx.updateTable(...)`: a query builder start on a database handle. */
const isQueryStart = (node) =>
  node.callee.type === 'MemberExpression' && !node.callee.computed && QUERY_STARTS.has(node.callee.property.name)
  && /\b(db|trx|tx)$/i.test(sourceName(node.callee.object));

function sourceName(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'MemberExpression' && !node.computed) return node.property.name;
  return '';
}

export const noSqlInRoutes = {
  meta: {
    type: 'suggestion',
    docs: { description: 'No SQL in files that register routes: queries live in service or repo files' },
    messages: { sql: 'SQL in a route file ({{what}}): move it into the domain\'s service or repo file.' },
    schema: [],
  },
  create(context) {
    const found = [];
    let registersRoutes = false;
    return {
      CallExpression(node) {
        if (isRouteRegistration(node)) registersRoutes = true;
        else if (isQueryStart(node)) found.push({ node, what: node.callee.property.name });
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && node.tag.name === 'sql') found.push({ node, what: 'sql`...`' });
        else if (node.tag.type === 'MemberExpression' && node.tag.object.type === 'Identifier' && node.tag.object.name === 'sql') found.push({ node, what: 'sql`...`' });
      },
      'Program:exit'() {
        if (!registersRoutes) return;
        for (const f of found) context.report({ node: f.node, messageId: 'sql', data: { what: f.what } });
      },
    };
  },
};
