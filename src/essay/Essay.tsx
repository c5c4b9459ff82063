/** The essay in reading order; each section places its own figure by id. */
import { Scale } from './sections/Scale';
import { Lineage } from './sections/Lineage';
import { Forget } from './sections/Forget';
import { Chunking } from './sections/Chunking';
import { Shipping } from './sections/Shipping';
import { Takeaways } from './sections/Takeaways';
import { Verify } from './sections/Verify';
import { Corrections } from './sections/Corrections';
import { Credit } from './sections/Credit';
import { Appendix } from './sections/Appendix';

export function Essay({ siteUrl }: { siteUrl?: string }) {
  return (
    <>
      <Scale />
      <Lineage />
      <Forget />
      <Chunking />
      <Shipping />
      <Takeaways />
      <Verify />
      <Corrections />
      <Credit />
      <Appendix siteUrl={siteUrl} />
    </>
  );
}
