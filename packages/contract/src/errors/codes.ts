/**
 * The error catalogue of section 8: every code the API can answer, with the reason it exists.
 * Both the server (to throw) and the web client (to tolerate and translate) import these.
 */
export const ErrorCode = {
  /** Success. */
  ok: 0,
  /** The request took longer than the server allows. */
  timeout: 1,
  /** The caller lacks the permission, or the object is outside their tenant. */
  noPermission: 2,
  /** The server could not complete the operation (an internal failure, details hidden): try again. */
  operationFailed: 3,
  /** Input failed validation; `data` names the failing fields. */
  validation: 4,
  /** The verification code does not match. */
  verificationCodeError: 5,
  /** The verification code is older than its lifetime or already used. */
  verificationCodeExpired: 6,
  /** The account has been disabled by its company or an administrator. */
  accountDisabled: 101,
  /** Unknown account or wrong password; the client also ends the session on it. */
  wrongCredentials: 102,
  /** Sign-up for an e-mail that already has an account. */
  accountRegistered: 103,
  /** Creating a member whose account already exists. */
  accountExists: 104,
  /** The account named does not exist. */
  accountNotRegistered: 105,
  /** The account already belongs to another company. */
  accountOfAnotherCompany: 106,
  /** Password change with a wrong current password. */
  oldPasswordError: 108,
  /** Too many attempts in the time window (brute-force guard). */
  tooManyAttempts: 109,
  /**
   * The password was right; the account also needs its second factor (authenticator code,
   * recovery code or passkey). `data` is a `SecondFactorChallenge`: what the account can answer with.
   */
  secondFactorRequired: 110,
  /** The authenticator or recovery code is wrong, expired or already used. */
  secondFactorWrong: 111,
  /** An authenticator is already set up: turn it off first. */
  secondFactorEnabled: 112,
  /**
   * The account must set up a second factor before anything else (its company's policy or a
   * platform administrator's account): only the set-up, the profile and sign-out answer.
   */
  secondFactorEnrolmentRequired: 113,
  /** The passkey challenge is unknown, expired or already answered: ask for new options. */
  passkeyChallengeExpired: 115,
  /** The passkey's answer failed verification (signature, origin, relying party or counter). */
  passkeyRejected: 116,
  /** No passkey with this id among the caller's own. */
  passkeyNotFound: 117,
  /** The account is already an agent or customer of this company. */
  agentExists: 202,
  /** Another company already uses this name. */
  duplicateCompanyName: 203,
  /** The account is already a customer of this company. */
  alreadyCompanyCustomer: 207,
  /** Datalogger serial number and key do not match. */
  dataloggerCredentials: 300,
  /** The datalogger is bound to another plant. */
  dataloggerInUse: 301,
  /** No datalogger with this serial number. */
  dataloggerNotFound: 305,
  /** No set-aside datalogger message with this id (ingested again or discarded meanwhile). */
  quarantinedMessageNotFound: 310,
  /** The access token is missing, malformed or expired (HTTP 401). */
  tokenInvalid: 401,
  /** No inverter with this serial number. */
  inverterNotFound: 600,
  /** This inverter brand does not support the parameter. */
  brandParameterUnsupported: 601,
  /** The device is offline: a command is refused at once and nothing is queued. */
  deviceOffline: 602,
  /** The device is already in the state the command asks for. */
  sameDeviceState: 603,
  /** The device answered that it could not carry out the command. */
  commandFailed: 604,
  /** The grid code does not fit the inverter model. */
  gridTypeError: 605,
  /** No device with this serial number visible to the caller. */
  deviceNotFound: 606,
  /** A user withdrew the queued command before it was sent. */
  commandCancelled: 608,
  /** Only a queued command can be withdrawn; this one was sent already or has ended. */
  commandNotCancellable: 609,
  /** No command with this id visible to the caller. */
  commandNotFound: 610,
  /** The plant has a master meter already: unmark it first (section 5, meter master check). */
  meterMasterExists: 620,
  /** A public share link that expired, was altered or never existed. */
  shareLinkInvalid: 607,
  /** No plant with this id visible to the caller. */
  plantNotFound: 700,
  /** A plant cannot be shared with its own owner. */
  shareWithSelf: 701,
  /** Company staff see company plants already; sharing to them is refused. */
  shareToCompanyUser: 702,
  /** Company plants are managed through roles, not shares. */
  shareCompanyPlant: 703,
  /** A company holds at most five roles. */
  roleLimit: 800,
  /** Role names are unique within a company. */
  roleExists: 801,
  /** Editing one's own role could lock the editor out. */
  ownRoleImmutable: 802,
  /** A company cannot be its own agent. */
  agentSelf: 900,
  /** Staff of the company cannot be its agent. */
  agentInternal: 901,
  /** Only a company administrator account can act as agent. */
  agentNotCompanyAdmin: 902,
  /** The account is already an agent of another company. */
  agentOfOthers: 903,
  /** A company holds at most 10 camera spaces. */
  videoSpaceLimit: 1300,
  /** A camera space holds at most 9 cameras. */
  videoDeviceLimit: 1301,
  /** No camera space, camera or channel with this id visible to the caller. */
  videoNotFound: 1302,
  /** The camera's picture is not on the media server (camera offline or video turned off). */
  videoStreamUnavailable: 1303,
  /** The camera takes no PTZ commands (only the cameras the server drives do). */
  ptzUnsupported: 1304,
  /** Another firmware has this name. */
  firmwareNameDuplicate: 4000,
  /** The device already runs the latest firmware (a warning). */
  firmwareLatest: 4001,
  /** Another firmware has this software version. */
  firmwareVersionDuplicate: 4002,
  /** No firmware with this id visible to the caller, or it is disabled. */
  firmwareNotFound: 4003,
  /** The firmware is not for the device's kind, model or hardware. */
  firmwareMismatch: 4004,
  /** The device's current status does not allow a remote upgrade (spec section 8). */
  upgradeStatusRefused: 4005,
  /** Devices of a batch are offline; `data.sns` lists them and the caller decides. */
  upgradeDevicesOffline: 4006,
  /** No device the caller may upgrade matches the campaign's filter and firmware. */
  campaignNoTargets: 4007,
  /** The campaign's state does not allow this action (e.g. resuming a finished campaign). */
  campaignStateRefused: 4008,
  /** No upgrade campaign with this id visible to the caller. */
  campaignNotFound: 4009,
  /** The dictionary code exists. */
  codeExists: 5000,
  /** The caller already has a report configuration of this name (spec section 5). */
  reportConfigExists: 1400,
  /** No work order with this id visible to the caller. */
  workOrderNotFound: 1500,
  /** The work order's status does not allow this move, or closing it lacks a resolution. */
  workOrderTransitionRefused: 1501,
  /** The assignee is no enabled member of the work order's company. */
  workOrderAssigneeInvalid: 1502,
  /** A device or alarm named is not of the work order's plant. */
  workOrderTargetInvalid: 1503,
  /** No published download-centre file with this id. */
  downloadFileNotFound: 5100,
  /** No webhook subscription or delivery with this id visible to the caller. */
  webhookNotFound: 1510,
  /**
   * The webhook URL's host does not resolve, or resolves to a private, loopback, link-local or
   * other non-public address (server-side request forgery guard).
   */
  webhookTargetRefused: 1511,
  /** None of the caller's push subscriptions has this id. */
  pushSubscriptionNotFound: 5200,
  /** The push endpoint is on a private or loopback address (or not HTTPS) and such targets are refused. */
  pushTargetRefused: 5201,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const ALL_ERROR_CODES: readonly ErrorCodeValue[] = Object.values(ErrorCode);

/** Whether a code the server answered is in the catalogue (and so has a text in every locale). */
export function isCatalogueCode(code: number): code is ErrorCodeValue {
  return (ALL_ERROR_CODES as readonly number[]).includes(code);
}
