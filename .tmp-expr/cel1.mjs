import { Environment, parse } from "@marcbachmann/cel-js";
const env = new Environment({ homogeneousAggregateLiterals: false }).registerVariable("artifacts","list").registerVariable("content","map");
for (const src of ['artifacts.all(a, a.path.matches("^src/"))', 'has(x.y) && size(artifacts) < 3', 'now()', 'cel.bind(x, 1, x)', 'type(1) == int', 'x.?y']) {
  try {
    const p = env.parse(src);
    const dump = (n, d=0) => { if (!n || typeof n !== 'object' || !('op' in n)) return; console.log(' '.repeat(d*2)+n.op, typeof n.args === 'string' || typeof n.args !== 'object' ? JSON.stringify(String(n.args)) : (Array.isArray(n.args) ? '' : Object.keys(n.args).join(','))); const a = n.args; if (Array.isArray(a)) a.forEach(x => Array.isArray(x) ? x.forEach(y=>dump(y,d+1)) : dump(x,d+1)); else if (a && typeof a==='object') Object.values(a).forEach(x=>dump(x,d+1)); };
    console.log('==', src); dump(p.ast);
  } catch (e) { console.log('ERR', src, e.constructor.name, e.code, e.message.split('\n')[0]); }
}
