import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ApiError, devicesApi, showToast, usePrices, type UpdateBodies } from '@paddock/shared/api';
import type { DeviceOf, MetadataUpdate } from '@paddock/shared/contract';
import {
  DEVICE_NAME_MAX_LENGTH,
  PRODUCTS,
  checkDeviceName,
  composeUpdateBody,
  dashboardPath,
  dashboardTags,
  deviceKey,
  isDeviceOwner,
  isSubscriptionActive,
  metadataDraftOf,
  metadataUpdateOf,
  priceIdOfChoice,
  type MetadataDraft,
  type ProductId,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { activeUserAtom, impersonationAtom } from '@paddock/shared/session';
import {
  Alert,
  Button,
  FoldSection,
  Page,
  SaveBar,
  TextField,
  failureReason,
  unfoldAll,
  useLeave,
  useLeaveGuard,
  type FieldMessage,
  icons,
} from '@paddock/shared/ui';
import { rememberLastDevice } from '../common/lastDevice';
import { keepDeviceForDashboard } from '../dashboard/useDeviceList';
import { useEmbedded } from '../embed/embedded';
import { deviceTexts } from '../device/messages';
import { AlarmChannelsSection, useAlarmChannels } from './AlarmChannelsSection';
import { ConfigSyncLine } from './ConfigSyncLine';
import { settingsTexts } from './messages';
import { SharingTable } from './SharingTable';
import { ChangeLogSection } from './ownerChoices';
import { usePlanChoice } from './subscriptionActive';
import { useControlsChanged } from './unsaved';
import { SubscriptionSection } from './SubscriptionSection';
import { PlanPurchaseDialog, type PlanPurchaseRequest } from './PlanPurchase';
import { TagsEditor } from './TagsEditor';
import { Unregister } from './Unregister';
import { TransferOffer } from '../transfers/TransferOffer';
import './settings.css';

const m = settingsTexts.messages;
const deviceMessages = deviceTexts.messages;

/** What the settings route gives a product page: the device as the server last sent it (refreshed while its config is pending). */
export interface SettingsPageProps<P extends ProductId> {
  device: DeviceOf<P>;
}

type FrameKeys = keyof MetadataUpdate | 'Metadata' | 'Subscription' | 'PriceId';
/** A product page's own part of the update body: the product's body without metadata and plan (the frame adds those). */
export type ProductFields<P extends ProductId> = Omit<UpdateBodies[P], FrameKeys>;

export interface SettingsFrameProps<P extends ProductId> {
  product: P;
  device: DeviceOf<P>;
  /**
   * Called on Save, before anything is sent: the product's own fields for the PATCH body, or null when one of
   * them is invalid — the page then shows its localized errors and focuses the first; nothing is sent.
   */
  collect?: () => ProductFields<P> | null;
  /** The product's own controls, shown above the subscription, sharing, tags, name and owner. */
  children?: ReactNode;
}

/**
 * The settings page every product shares (docs/product/screens.md, docs/product/states.md, docs/product/roles.md): title and key, the config-sync line, the product's
 * controls, the subscription with the owner's plan selector, sharing, the user's own alarm channels, tags, name, owner, and
 * Save / Back / Unregister. Save sends the changed alarm channels and one PATCH in the product's body shape and
 * goes to /devices?id={key}; a failure keeps what the user typed.
 */
export function SettingsFrame<P extends ProductId>({ product, device, collect, children }: SettingsFrameProps<P>) {
  const t = useT();
  const intl = useIntl();
  const navigate = useNavigate();
  const user = useAtomValue(activeUserAtom);
  const impersonating = useAtomValue(impersonationAtom) !== null;
  const info = PRODUCTS[product];
  const key = deviceKey(device);
  const channels = useAlarmChannels(product, key, !impersonating);
  const ownerEmail = device.Metadata.OwnerEmail;
  const isOwner = isDeviceOwner(user?.Email, ownerEmail);
  // In a partner's page the plan is shown, not chosen: a plan charges, which the embed may not (docs/product/embedding.md).
  const embedded = useEmbedded();
  const [draft, setDraft] = useState<MetadataDraft>(() => metadataDraftOf(device.Metadata));
  const prices = usePrices();
  // The owner's plan choice; untouched (null) sends no plan, so saving other settings never changes it.
  const { choice: planChoice, choose: setPlanChoice } = usePlanChoice();
  const [nameError, setNameError] = useState<FieldMessage>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A plan that is charged now, waiting for the owner's confirmation, with the rest of the page to save after it.
  const [purchase, setPurchase] = useState<{ request: PlanPurchaseRequest; rest: UpdateBodies[P] } | null>(null);
  const [knownTags, setKnownTags] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const back = dashboardPath(key);
  // docs/product/screens.md Unsaved changes: what the user changed and has not saved makes leaving the page ask first.
  const [initialDraft] = useState(() => JSON.stringify(metadataDraftOf(device.Metadata)));
  const controlsChanged = useControlsChanged(formRef);
  const [saved, setSaved] = useState(false);
  const dirty =
    !saved && (controlsChanged || planChoice !== null || channels.changedDraft !== null || JSON.stringify(draft) !== initialDraft);
  // Embedded, Back is the embed's own (its memory history): the partner page's history and links stay the page's.
  const leaveDialog = useLeaveGuard(dirty, { pageHistory: !embedded });
  const leave = useLeave();

  useEffect(() => rememberLastDevice(key), [key]);

  // The tags the user has on any device, offered as chips (docs/product/states.md: toggle an existing tag). Quietly skipped on failure.
  useEffect(() => {
    if (!user) return;
    let stopped = false;
    devicesApi.list(user.Id, { background: true, silent: true }).then(
      (list) => {
        if (!stopped) setKnownTags(dashboardTags(list, intl.locale));
      },
      () => undefined,
    );
    return () => {
      stopped = true;
    };
  }, [user, intl.locale]);

  const checkName = (): FieldMessage => {
    const error = checkDeviceName(draft.Name);
    if (error === 'required') return { message: m.nameRequired };
    if (error === 'tooLong') return { message: m.nameTooLong, values: { max: DEVICE_NAME_MAX_LENGTH } };
    return null;
  };

  /** Saves what the page holds besides the plan, once the plan is paid: null when saved, else why not (shown with the receipt). */
  const saveAfterPayment = async (): Promise<string | null> => {
    if (!purchase) return null;
    try {
      if (channels.changedDraft) await devicesApi.setAlarmChannels(product, key, channels.changedDraft, { silent: true });
      keepDeviceForDashboard(await devicesApi.update(product, key, purchase.rest, { silent: true }));
      setSaved(true);
      return null;
    } catch (error) {
      return t(m.planSavedApartFailed, { reason: failureReason(error, t) });
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // A control with an error must be seen to be focused: folded sections open first.
    unfoldAll(formRef.current);
    const fields = collect ? collect() : ({} as ProductFields<P>);
    const nameMessage = checkName();
    setNameError(nameMessage);
    if (!fields || nameMessage) {
      // The product's controls come first on the page, so they get the focus when both are wrong.
      if (fields && nameMessage) (formRef.current?.elements.namedItem('name') as HTMLElement | null)?.focus();
      return;
    }
    const priceId = planChoice !== null && prices.state === 'ready' ? priceIdOfChoice(planChoice, prices.prices) : undefined;
    // docs/product/billing.md "A charge is its own step": a plan that starts now is charged, so Save only asks; the
    // rest is saved once it is paid (the server refuses a save that would charge).
    if (planChoice !== null && planChoice !== 'none' && !isSubscriptionActive(device.Subscription, new Date())) {
      const rest = composeUpdateBody(product, fields, metadataUpdateOf(product, draft), undefined) as UpdateBodies[P];
      setPurchase({ request: { product, deviceKey: key, deviceName: draft.Name.trim() || device.Metadata.Name, plan: planChoice }, rest });
      return;
    }
    const body = composeUpdateBody(product, fields, metadataUpdateOf(product, draft), priceId) as UpdateBodies[P];
    setBusy(true);
    try {
      // The user's own alarm channels first: they are theirs alone, whatever the device's save then says.
      if (channels.changedDraft) await devicesApi.setAlarmChannels(product, key, channels.changedDraft, { silent: true });
      const updated = await devicesApi.update(product, key, body, { silent: true });
      // The dashboard comes back with its list and this device as saved, not from "Loading…" (issue 30).
      keepDeviceForDashboard(updated);
      showToast({ kind: 'success', message: m.saved });
      // Saved: nothing is left to lose, so the way back asks nothing.
      setSaved(true);
      navigate(back);
    } catch (error) {
      // Said once, here, beside everything typed (docs/product/errors.md): the calls are silent, no toast repeats it.
      if (error instanceof ApiError) {
        // The server's localized reason; a reply without one (a proxy's page) gets words, not a status line.
        const reason = (error.code ? error.serverMessage.trim() : '') || t(error.status === 408 ? m.saveTimedOut : m.saveFailedLater);
        setFailure(t(m.saveFailed, { reason }));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t(m.title, { product: info.name, name: device.Metadata.Name })}
      subtitle={t(deviceMessages.subtitle, { field: info.keyField.toUpperCase(), key })}
      back={back}
      narrow
    >
      {'ConfigSync' in device ? <ConfigSyncLine sync={device.ConfigSync} /> : null}
      <form ref={formRef} className="pd-settings" noValidate onSubmit={(e) => void save(e)}>
        {children}
        <SubscriptionSection
          product={product}
          subscription={device.Subscription}
          prices={prices}
          isOwner={isOwner && !embedded}
          choice={planChoice}
          onChoose={setPlanChoice}
          renewal={device.Renewal}
        />
        <SharingTable draft={draft} ownerEmail={ownerEmail} onChange={setDraft} isOwner={isOwner} userEmail={user?.Email} />
        <ChangeLogSection product={product} deviceKey={key} isOwner={isOwner} />
        <AlarmChannelsSection channels={channels} user={user} impersonating={impersonating} />
        <TagsEditor tags={draft.Tags} known={knownTags} onChange={(Tags) => setDraft((d) => ({ ...d, Tags }))} />
        <FoldSection className="pd-settings__section" title={t(m.detailsHeading)}>
          <TextField
            label={t(m.nameLabel)}
            name="name"
            autoComplete="off"
            maxLength={DEVICE_NAME_MAX_LENGTH}
            value={draft.Name}
            error={nameError}
            onChange={(e) => {
              const Name = e.target.value;
              setDraft((d) => ({ ...d, Name }));
              setNameError(null);
            }}
          />
        </FoldSection>
        <div className="pd-settings__unregister">
          <Unregister product={product} deviceKey={key} name={device.Metadata.Name} isOwner={isOwner} />
        </div>
        {failure ? <Alert>{failure}</Alert> : null}
        <SaveBar dirty={dirty}>
          <Button icon={icons.arrowBack} onClick={() => leave(() => navigate(back))}>
            {t(deviceMessages.back)}
          </Button>
          <Button type="submit" variant="primary" icon={icons.checkCircle} busy={busy}>
            {t(m.save)}
          </Button>
        </SaveBar>
      </form>
      {/* docs/product/devices.md "Transfers": the owner changes only when the farmer it is offered to accepts. */}
      <TransferOffer product={product} deviceKey={key} name={device.Metadata.Name} ownerEmail={ownerEmail} isOwner={isOwner} />
      {purchase && prices.state === 'ready' ? (
        <PlanPurchaseDialog
          request={purchase.request}
          prices={prices.prices}
          afterPayment={saveAfterPayment}
          onCancel={() => setPurchase(null)}
          onDone={() => {
            setPurchase(null);
            setSaved(true);
            navigate(back);
          }}
        />
      ) : null}
      {leaveDialog}
    </Page>
  );
}
