; GM Screen's additions to the Windows installer (electron-builder includes installer.nsh from
; the build resources folder, assets/, by itself).
;
; Exported encounters are .json files. GM Screen joins Explorer's "Open with" list for .json
; (OpenWithProgids) and never becomes the default program for it: electron-builder's own
; fileAssociations would write .json's default value (its APP_ASSOCIATE macro) and so take
; every .json file on the machine, which is why electron-builder.yml sets them for macOS only.
; SHELL_CONTEXT is HKCU for a per-user install and HKLM for all users, as the installer chose.

!define GM_SCREEN_PROGID "GMScreen.encounter"

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\${GM_SCREEN_PROGID}" "" "GM Screen encounter"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${GM_SCREEN_PROGID}\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${GM_SCREEN_PROGID}\shell\open" "" "Open with GM Screen"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${GM_SCREEN_PROGID}\shell\open\command" "" '"$appExe" "%1"'
  WriteRegNone SHELL_CONTEXT "Software\Classes\.json\OpenWithProgids" "${GM_SCREEN_PROGID}"
  ; Tell Explorer the associations changed (SHCNE_ASSOCCHANGED).
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, i 0, i 0)'
!macroend

; Also run by an update's installer before it installs again, which then registers anew.
!macro customUnInstall
  DeleteRegValue SHELL_CONTEXT "Software\Classes\.json\OpenWithProgids" "${GM_SCREEN_PROGID}"
  DeleteRegKey SHELL_CONTEXT "Software\Classes\${GM_SCREEN_PROGID}"
!macroend
