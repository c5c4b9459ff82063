/** What ships today: the same two questions, asked of every open-weight model. */
import { scaleRatio } from '../../content/architectures';
import { formatParams, formatPercent } from '../../content/format';
import { Section, FigureFrame } from '../Section';

export function Shipping() {
  const r = scaleRatio();
  return (
    <Section id="shipping" kicker="eight architectures">
      <p>
        The chain above ends at one model. The rest of the open frontier faces the same problem, and with the branding
        stripped off, every one of these models answers two questions on every token: which part of the context may
        each layer read, and which of its own parameters may fire? Both are the eviction policy from the top of the
        page, moved out of the recurrent state and into the layer stack and the router.
      </p>
      <p>
        Nothing in this section is a new claim. It sets the architecture sections of the model cards side by side,
        and the table and the sentences about it are generated from one data file, so they cannot disagree.
      </p>
      <p>
        Read the share of parameters active per token first. {r.large.name} fires{' '}
        {formatParams(r.large.activeParams.value)} of its {formatParams(r.large.totalParams.value)},{' '}
        <span data-claim="k3-share">{formatPercent(r.activeShare)}</span>, which is why a model of that size can be
        served at all rather than only cited. The share also separates two costs that used to move together: total
        parameters decide whether you can host a model, active parameters decide what each token costs.
      </p>
      <p>
        Where a lab has not published a figure, the table says &ldquo;not published&rdquo; rather than inferring one.
      </p>
      <FigureFrame
        id="shipping"
        minHeight={420}
        caption={
          <>
            Eight open-weight architectures and {r.small.name} for reference: parameters in total and per token, the
            active share drawn as a bar, which part of the context each layer may read, experts, context length and
            licence, each figure linked to its source.
          </>
        }
      />
    </Section>
  );
}
