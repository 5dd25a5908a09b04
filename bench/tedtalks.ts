/** tedtalks with its real settings (`npm run bench`, section `tedtalks`). */
import { readFileSync } from 'node:fs';
import { fmt, stats, time } from './measure';
import { loadPackage } from './package';

export async function tedtalksSection(): Promise<void> {
  const dataset = (file: string) =>
    JSON.parse(readFileSync(new URL(`../../shared/datasets/tedtalks/${file}`, import.meta.url), 'utf8'));
  const talks = dataset('talks.json');
  const settings = dataset('talks_settings.json');
  delete settings.slaves;
  const ted = (await loadPackage()).createEmulator();
  const build = await time(async () => {
    await ted.setSettings({ indexName: 'talks', indexSettings: settings });
    await ted.batch({
      indexName: 'talks',
      batchWriteParams: { requests: talks.map((body: object) => ({ action: 'addObject', body })) },
    });
    await ted.searchSingleIndex({ indexName: 'talks', searchParams: { query: '' } });
  });
  const samples: number[] = [];
  for (const q of ['psychology', 'psycology', 'climate change', 'educ', 'adam grant', 'the future of', 'music']) {
    for (let i = 0; i < 20; i++)
      samples.push(await time(() => ted.searchSingleIndex({ indexName: 'talks', searchParams: { query: q } })));
  }
  const { p50, p99 } = stats(samples);
  console.log(
    `\n## tedtalks (${talks.length} records): build ${fmt(build)} ms, queries p50 ${fmt(p50)} / p99 ${fmt(p99)} ms`,
  );
}
