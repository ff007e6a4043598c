// /admin/firmware-campaigns/new (docs/product/firmware-campaigns.md "Starting a campaign"): the product, the image (https
// URL, SHA-256, version label), which devices, the stages and the failure threshold. Every field is checked here with
// the server's rules; what only the server knows (no device matches, an unknown owner or key) comes back under its field.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MessageDescriptor } from 'react-intl';
import { ApiError, firmwareCampaignsApi, showToast } from '@paddock/shared/api';
import type { CampaignSelectionKind, CreateCampaignBody } from '@paddock/shared/contract';
import {
  checkCampaignSha256,
  checkCampaignStages,
  checkCampaignUrl,
  checkFailureThreshold,
  CAMPAIGN_VERSION_MAX_LENGTH,
  FOTA_CHECKSUM_LENGTH,
  FOTA_URL_MAX_LENGTH,
  parseCampaignStages,
  PRODUCT_IDS,
  PRODUCT_INFO,
  type FieldError,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import {
  Actions,
  Alert,
  Button,
  Card,
  fieldErrorMessage,
  Page,
  Select,
  TextField,
  useActionFailure,
  useFormErrors,
  type FieldMessage,
} from '@paddock/shared/ui';
import { TextAreaField } from '../common/TextArea';
import { campaignPath, CAMPAIGNS_PATH } from './FirmwareCampaigns';
import { adminFirmwareTexts } from './messages';
import './firmware.css';

const m = adminFirmwareTexts.messages;
const FIELDS = ['Product', 'Url', 'Sha256', 'Version', 'Kind', 'Match', 'Stages', 'FailureThreshold'] as const;
type FormField = (typeof FIELDS)[number];
const FIRMWARE_PRODUCTS = PRODUCT_IDS.filter((id) => PRODUCT_INFO[id].firmwareUpdates);
const KIND_TEXTS = {
  all: m.selectAll,
  version: m.selectVersion,
  tag: m.selectTag,
  owner: m.selectOwner,
  keys: m.selectKeys,
} as const satisfies Record<CampaignSelectionKind, MessageDescriptor>;
const MATCH_LABELS = { version: m.currentVersion, tag: m.tag, owner: m.owner, keys: m.keys } as const;

/** 'required' and 'tooLong' in the shared words, 'invalid' in the field's own. */
const problem = (error: FieldError, invalid: MessageDescriptor): FieldMessage =>
  error === 'invalid' ? { message: invalid } : fieldErrorMessage('text', error);
const splitKeys = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The form's field a server error names (`Selection.Owner` → the match field). */
function formFieldOf(field: string | undefined): FormField | null {
  if (!field) return null;
  if (field === 'Selection') return 'Match';
  if (field.startsWith('Selection.')) return field === 'Selection.Kind' ? 'Kind' : 'Match';
  const top = field.split('.')[0] as FormField;
  return FIELDS.includes(top) ? top : null;
}

export function CampaignForm() {
  const t = useT();
  const navigate = useNavigate();
  const [product, setProduct] = useState<string>(FIRMWARE_PRODUCTS.length === 1 ? FIRMWARE_PRODUCTS[0] : '');
  const [url, setUrl] = useState('');
  const [sha256, setSha256] = useState('');
  const [version, setVersion] = useState('');
  const [kind, setKind] = useState<CampaignSelectionKind>('all');
  const [match, setMatch] = useState('');
  const [stages, setStages] = useState('1, 10, 100');
  const [threshold, setThreshold] = useState('10');
  const [sending, setSending] = useState(false);
  const failure = useActionFailure();
  const { formRef, show, bind } = useFormErrors(FIELDS);

  const check = (): Partial<Record<FormField, FieldMessage>> => {
    const parsedStages = parseCampaignStages(stages);
    const thresholdValue = /^\d{1,3}$/.test(threshold.trim()) ? Number(threshold.trim()) : threshold.trim() ? NaN : null;
    const keysBad = kind === 'keys' && splitKeys(match).some((key) => !/^[0-9]{1,20}$/.test(key));
    return {
      Product: product ? null : fieldErrorMessage('choice', 'required'),
      Url: problem(checkCampaignUrl(url), m.urlInvalid),
      Sha256: problem(checkCampaignSha256(sha256), m.sha256Invalid),
      Version: version.trim() ? null : fieldErrorMessage('text', 'required'),
      Match: kind === 'all' ? null : !match.trim() ? fieldErrorMessage('text', 'required') : keysBad ? { message: m.keysInvalid } : null,
      Stages: parsedStages ? problem(checkCampaignStages(parsedStages), m.stagesInvalid) : { message: m.stagesInvalid },
      FailureThreshold:
        thresholdValue === null
          ? fieldErrorMessage('text', 'required')
          : problem(checkFailureThreshold(thresholdValue), m.thresholdInvalid),
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    failure.clear();
    if (!show(check())) return;
    const body: CreateCampaignBody = {
      Product: product as ProductId,
      Url: url.trim(),
      Sha256: sha256.trim(),
      Version: version.trim(),
      Selection:
        kind === 'all'
          ? { Kind: 'all' }
          : kind === 'keys'
            ? { Kind: 'keys', Keys: splitKeys(match) }
            : { Kind: kind, [kind === 'version' ? 'Version' : kind === 'tag' ? 'Tag' : 'Owner']: match.trim() },
      Stages: parseCampaignStages(stages)!,
      FailureThreshold: Number(threshold.trim()),
    };
    setSending(true);
    try {
      const created = await firmwareCampaignsApi.create(body, { silent: true });
      showToast({ kind: 'success', message: m.started });
      navigate(campaignPath(created.Campaign.Id));
    } catch (error) {
      const field = error instanceof ApiError && error.status === 400 ? formFieldOf(error.field) : null;
      if (field === 'Match' && error instanceof ApiError && error.field === 'Selection') show({ Match: { message: m.selectionEmpty } });
      else if (field) show({ [field]: error instanceof ApiError ? error.serverMessage : null });
      else failure.fail(error);
    } finally {
      setSending(false);
    }
  };

  const productOptions = FIRMWARE_PRODUCTS.map((id) => ({ value: id, label: PRODUCT_INFO[id].name }));
  const kindOptions = (Object.keys(KIND_TEXTS) as CampaignSelectionKind[]).map((value) => ({ value, label: t(KIND_TEXTS[value]) }));
  return (
    <Page title={t(m.newCampaign)} back={CAMPAIGNS_PATH} narrow>
      <Card>
        <form ref={formRef} className="pd-form" noValidate onSubmit={(e) => void submit(e)}>
          <Select label={t(m.product)} options={productOptions} placeholder="" {...bind('Product', product, setProduct)} />
          <TextField
            label={t(m.url)}
            hint={t(m.urlHint)}
            type="url"
            autoComplete="off"
            maxLength={FOTA_URL_MAX_LENGTH}
            {...bind('Url', url, setUrl)}
          />
          <TextField
            label={t(m.sha256)}
            hint={t(m.sha256Hint)}
            autoComplete="off"
            spellCheck={false}
            maxLength={FOTA_CHECKSUM_LENGTH}
            {...bind('Sha256', sha256, setSha256)}
          />
          <TextField
            label={t(m.version)}
            hint={t(m.versionHint)}
            autoComplete="off"
            maxLength={CAMPAIGN_VERSION_MAX_LENGTH}
            {...bind('Version', version, setVersion)}
          />
          <Select
            label={t(m.selection)}
            options={kindOptions}
            {...bind('Kind', kind, (value) => setKind(value as CampaignSelectionKind))}
          />
          {kind === 'keys' ? (
            <TextAreaField label={t(m.keys)} placeholder={t(m.keysHint)} rows={3} {...bind('Match', match, setMatch)} />
          ) : kind !== 'all' ? (
            <TextField
              label={t(MATCH_LABELS[kind])}
              autoComplete="off"
              maxLength={kind === 'owner' ? 254 : 64}
              {...bind('Match', match, setMatch)}
            />
          ) : null}
          <TextField
            label={t(m.stages)}
            hint={t(m.stagesHint)}
            autoComplete="off"
            inputMode="numeric"
            {...bind('Stages', stages, setStages)}
          />
          <TextField
            label={t(m.threshold)}
            hint={t(m.thresholdHint)}
            type="number"
            min={1}
            max={100}
            inputMode="numeric"
            {...bind('FailureThreshold', threshold, setThreshold)}
          />
          {failure.failure ? <Alert>{t(m.createFailed, { reason: failure.failure })}</Alert> : null}
          <Actions>
            <Button type="submit" variant="primary" busy={sending}>
              {t(m.start)}
            </Button>
          </Actions>
        </form>
      </Card>
    </Page>
  );
}
