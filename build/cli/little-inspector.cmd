@echo off
rem `little-inspector` inside an installed Little Inspector on Windows: runs the app's own
rem binary in CLI mode (the RunAsNode fuse is off). Add this folder to PATH (see README).
"%~dp0..\..\Little Inspector.exe" --cli %*
exit /b %ERRORLEVEL%
